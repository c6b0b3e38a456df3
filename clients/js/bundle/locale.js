// The locale rule of herald's docs/locales.md, as HeraldCore's LocaleTag and LocaleChain state
// it: tested against conformance/locales.json, the table the Swift tests read too.
const letters = /^[A-Za-z]+$/;
const alphanumerics = /^[A-Za-z0-9]+$/;
const digits = /^[0-9]+$/;
/**
 * The canonical form of a BCP 47 tag (language lowercase, script title case, region uppercase,
 * the rest lowercase; `_` read as `-`), or null when herald does not take it as a tag (its
 * language must have two or three letters).
 */
export function canonicalLocale(text) {
    const parts = text.replace(/_/g, "-").split("-");
    const language = parts[0] ?? "";
    if (!letters.test(language) || language.length < 2 || language.length > 3)
        return null;
    const result = [language.toLowerCase()];
    for (let index = 1; index < parts.length; index++) {
        const part = parts[index] ?? "";
        if (part.length < 1 || part.length > 8 || !alphanumerics.test(part))
            return null;
        if (index === 1 && part.length === 4 && letters.test(part)) {
            result.push(part.slice(0, 1).toUpperCase() + part.slice(1).toLowerCase());
        }
        else if ((part.length === 2 && letters.test(part)) || (part.length === 3 && digits.test(part))) {
            result.push(part.toUpperCase());
        }
        else {
            result.push(part.toLowerCase());
        }
    }
    return result.join("-");
}
/** The tag and each shorter form, dropping one subtag at a time (`zh-Hant-TW`, `zh-Hant`, `zh`). */
export function localeTruncations(tag) {
    const parts = tag.split("-").filter((part) => part.length > 0);
    const result = [];
    while (parts.length > 0) {
        result.push(parts.join("-"));
        parts.pop();
        while (parts.length > 0 && (parts[parts.length - 1] ?? "").length === 1)
            parts.pop();
    }
    return result;
}
/** The locales whose words an edition in `locale` shows, most preferred first. */
export function localeFallbacks(locale, defaultLocale) {
    const chain = [];
    for (const tag of [...localeTruncations(locale), defaultLocale]) {
        if (!chain.includes(tag))
            chain.push(tag);
    }
    return chain;
}
/**
 * The edition a reader gets from the languages it prefers (most preferred first): the first that
 * is, or shortens to, an available locale; else the default.
 */
export function editionFor(preferred, available, defaultLocale) {
    for (const language of preferred) {
        const tag = canonicalLocale(language);
        if (tag === null)
            continue;
        for (const candidate of localeTruncations(tag)) {
            if (available.includes(candidate))
                return candidate;
        }
    }
    return defaultLocale;
}
