package herald.client

/**
 * The locale rule of herald's docs/locales.md, as the Swift and TypeScript clients state it:
 * tested against conformance/locales.json, the table they read too.
 */
object Locales {
    /**
     * The canonical form of a BCP 47 tag (language lowercase, script title case, region uppercase,
     * the rest lowercase; `_` read as `-`), or null when herald does not take it as a tag (its
     * language must have two or three letters).
     */
    @JvmStatic
    fun canonical(text: String): String? {
        val parts = text.replace('_', '-').split('-')
        val language = parts[0]
        if (!isLetters(language) || language.length < 2 || language.length > 3) return null
        val result = arrayListOf(Ascii.lower(language))
        for (index in 1 until parts.size) {
            val part = parts[index]
            if (part.length == 0 || part.length > 8 || !part.all { isLetter(it) || it in '0'..'9' }) return null
            result.add(
                when {
                    index == 1 && part.length == 4 && isLetters(part) -> Ascii.upper(part.substring(0, 1)) + Ascii.lower(part.substring(1))
                    (part.length == 2 && isLetters(part)) || (part.length == 3 && part.all { it in '0'..'9' }) -> Ascii.upper(part)
                    else -> Ascii.lower(part)
                }
            )
        }
        return result.joinToString("-")
    }

    /** The tag and each shorter form, dropping one subtag at a time (`zh-Hant-TW`, `zh-Hant`, `zh`). */
    @JvmStatic
    fun truncations(tag: String): List<String> {
        val parts = tag.split('-').filter { it.isNotEmpty() }.toMutableList()
        val result = ArrayList<String>()
        while (parts.isNotEmpty()) {
            result.add(parts.joinToString("-"))
            parts.removeAt(parts.size - 1)
            while (parts.isNotEmpty() && parts[parts.size - 1].length == 1) parts.removeAt(parts.size - 1)
        }
        return result
    }

    /** The locales whose words an edition in `locale` shows, most preferred first. */
    @JvmStatic
    fun fallbacks(locale: String, defaultLocale: String): List<String> {
        val chain = ArrayList<String>()
        for (tag in truncations(locale) + defaultLocale) if (tag !in chain) chain.add(tag)
        return chain
    }

    /**
     * The edition a reader gets from the languages it prefers (most preferred first): the first
     * that is, or shortens to, an available locale; else the default.
     */
    @JvmStatic
    fun edition(preferred: List<String>, available: List<String>, defaultLocale: String): String {
        for (language in preferred) {
            val tag = canonical(language) ?: continue
            for (candidate in truncations(tag)) if (candidate in available) return candidate
        }
        return defaultLocale
    }

    private fun isLetter(character: Char): Boolean = character in 'a'..'z' || character in 'A'..'Z'

    private fun isLetters(text: String): Boolean = text.isNotEmpty() && text.all { isLetter(it) }
}

/** ASCII case mapping: tags and schemes are ASCII, and the device's locale must not change them. */
internal object Ascii {
    fun lower(text: String): String {
        val result = StringBuilder(text.length)
        for (character in text) result.append(if (character in 'A'..'Z') character + ('a' - 'A') else character)
        return result.toString()
    }

    fun upper(text: String): String {
        val result = StringBuilder(text.length)
        for (character in text) result.append(if (character in 'a'..'z') character - ('a' - 'A') else character)
        return result.toString()
    }
}
