/**
 * Schemes no action may use, in any letter case (conformance/actions.json): they leave the app for an unsafe or
 * unencrypted place, run script, install software (itms-services) or open other apps' components (intent).
 */
export const refusedSchemes = [
    "about", "blob", "data", "file", "ftp", "http", "intent", "itms-services", "javascript", "vbscript",
];
/** Code point ranges no action may contain: controls, every White_Space character, invisible formatting. */
export const refusedScalars = [
    [0x00, 0x20], [0x7f, 0xa0], [0x1680, 0x1680], [0x2000, 0x200f], [0x2028, 0x202f],
    [0x205f, 0x2064], [0x2066, 0x2069], [0x3000, 0x3000], [0xfeff, 0xfeff],
];
/** The printable ASCII characters a URL must percent-encode. */
export const refusedASCII = '"<>\\^`{|}';
function isRefused(codePoint) {
    if (codePoint < 0x80 && refusedASCII.includes(String.fromCodePoint(codePoint)))
        return true;
    return refusedScalars.some(([low, high]) => low <= codePoint && codePoint <= high);
}
/**
 * Classifies an actionUrl: https with a host is web, another scheme not refused a deep link, `/path` in-app;
 * null for anything else. A blocking row whose action is null is no wall.
 */
export function classifyAction(text) {
    if (text === "")
        return null;
    for (const character of text) {
        const codePoint = character.codePointAt(0) ?? 0;
        // A lone surrogate is not text an app can open either.
        if (isRefused(codePoint) || (codePoint >= 0xd800 && codePoint <= 0xdfff))
            return null;
    }
    if (text.startsWith("/"))
        return text.startsWith("//") ? null : { kind: "in-app", target: text };
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
    if (scheme === undefined)
        return null;
    if (scheme === "https") {
        const rest = text.slice("https:".length);
        if (!rest.startsWith("//"))
            return null;
        const authority = /^[^/?#]*/.exec(rest.slice(2))?.[0] ?? "";
        if (authority === "" || authority.includes("@"))
            return null;
        return { kind: "web", target: text };
    }
    return refusedSchemes.includes(scheme) ? null : { kind: "deep-link", target: text };
}
