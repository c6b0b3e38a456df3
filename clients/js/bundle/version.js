// Numbers stay digit strings, compared by length and then by text, so no precision is lost and no
// BigInt is needed (older Hermes engines in React Native lack it). The bound is UInt64.max, as the
// Swift client reads segments.
const maximum = "18446744073709551615";
const identifier = /^[0-9A-Za-z-]+$/;
const digits = /^[0-9]+$/;
/** Digits without leading zeros, or undefined past UInt64.max. */
function number(text) {
    const trimmed = text.replace(/^0+(?=.)/, "");
    if (trimmed.length > maximum.length || (trimmed.length === maximum.length && trimmed > maximum))
        return undefined;
    return trimmed;
}
/** Compares two digit strings without leading zeros as numbers. */
function compareNumbers(a, b) {
    if (a.length !== b.length)
        return a.length < b.length ? -1 : 1;
    return a === b ? 0 : a < b ? -1 : 1;
}
/** Reads a version, or returns undefined when the text is not one. */
export function parseVersion(text) {
    if (text.length === 0)
        return undefined;
    let core = text;
    const plus = core.indexOf("+");
    if (plus >= 0) {
        const build = core.slice(plus + 1).split(".");
        if (!build.every((part) => identifier.test(part)))
            return undefined;
        core = core.slice(0, plus);
    }
    const prerelease = [];
    const dash = core.indexOf("-");
    if (dash >= 0) {
        for (const part of core.slice(dash + 1).split(".")) {
            if (!identifier.test(part))
                return undefined;
            if (digits.test(part)) {
                const value = number(part);
                if (value === undefined)
                    return undefined;
                prerelease.push({ number: value });
            }
            else {
                prerelease.push(part);
            }
        }
        core = core.slice(0, dash);
    }
    if (core.length === 0)
        return undefined;
    const segments = [];
    for (const part of core.split(".")) {
        if (!digits.test(part))
            return undefined;
        const value = number(part);
        if (value === undefined)
            return undefined;
        segments.push(value);
    }
    return { segments, prerelease, text };
}
/** Negative, zero or positive as `a` sorts below, with or above `b`. */
export function compareVersions(a, b) {
    const count = Math.max(a.segments.length, b.segments.length);
    for (let index = 0; index < count; index++) {
        const order = compareNumbers(a.segments[index] ?? "0", b.segments[index] ?? "0");
        if (order !== 0)
            return order;
    }
    if (a.prerelease.length === 0 || b.prerelease.length === 0) {
        return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
    }
    const shared = Math.min(a.prerelease.length, b.prerelease.length);
    for (let index = 0; index < shared; index++) {
        const order = compareIdentifiers(a.prerelease[index], b.prerelease[index]);
        if (order !== 0)
            return order;
    }
    return a.prerelease.length === b.prerelease.length
        ? 0
        : a.prerelease.length < b.prerelease.length
            ? -1
            : 1;
}
/** SemVer §11.4: numbers compare as numbers and sort below text; text compares in ASCII order. */
function compareIdentifiers(a, b) {
    if (typeof a !== "string" && typeof b !== "string")
        return compareNumbers(a.number, b.number);
    if (typeof a !== "string")
        return -1;
    if (typeof b !== "string")
        return 1;
    return a === b ? 0 : a < b ? -1 : 1;
}
/** Whether two versions are equal (`1.0` = `1.0.0`, build metadata ignored). */
export function versionsEqual(a, b) {
    return compareVersions(a, b) === 0;
}
/** The version as a manifest's file name: three numeric segments at least, pre-release as written. */
export function canonicalVersion(version) {
    const numbers = [...version.segments];
    while (numbers.length < 3)
        numbers.push("0");
    const core = version.text.split("+")[0];
    const dash = core.indexOf("-");
    return numbers.join(".") + (dash >= 0 ? core.slice(dash) : "");
}
