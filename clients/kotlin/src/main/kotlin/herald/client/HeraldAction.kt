package herald.client

/** Where a button leads, as an app opens it (docs/client-protocol.md §5). */
class HeraldAction(
    /** How the app opens it. */
    val kind: Kind,
    /** The URL (web, deep link) or the path (in-app), as the record gives it. */
    val target: String
) {
    /** How an action is opened. */
    enum class Kind(
        /** The name in the conformance cases and the other clients' states. */
        val wireName: String
    ) {
        /** An https page: the browser, or the store's app for a store page. */
        WEB("web"),

        /** Another scheme the app or the system handles (`linewise://journeys`, `market://`). */
        DEEP_LINK("deep-link"),

        /** A path inside the app (`/settings/accessibility`), for the app's own router. */
        IN_APP("in-app")
    }

    override fun equals(other: Any?): Boolean = other is HeraldAction && kind == other.kind && target == other.target

    override fun hashCode(): Int = kind.hashCode() * 31 + target.hashCode()

    override fun toString(): String = "${kind.wireName} $target"

    companion object {
        /**
         * Schemes no action may use, in any letter case (conformance/actions.json): they leave the app
         * for an unsafe or unencrypted place, run script, install software (itms-services) or open
         * other apps' components (intent).
         */
        @JvmField
        val refusedSchemes: List<String> = listOf(
            "about", "blob", "data", "file", "ftp", "http", "intent", "itms-services", "javascript", "vbscript"
        )

        /** Code point ranges no action may contain: controls, every White_Space character, invisible formatting. */
        @JvmField
        val refusedScalars: List<IntRange> = listOf(
            0x00..0x20, 0x7F..0xA0, 0x1680..0x1680, 0x2000..0x200F, 0x2028..0x202F,
            0x205F..0x2064, 0x2066..0x2069, 0x3000..0x3000, 0xFEFF..0xFEFF
        )

        /** The printable ASCII characters a URL must percent-encode. */
        const val REFUSED_ASCII: String = "\"<>\\^`{|}"

        private val schemePattern = Regex("^([A-Za-z][A-Za-z0-9+.-]*):")

        /**
         * Classifies an actionUrl: https with a host is web, another scheme not refused a deep link,
         * `/path` in-app; null for anything else. A blocking row whose action is null is no wall.
         */
        @JvmStatic
        fun classify(text: String): HeraldAction? {
            if (text.length == 0) return null
            var index = 0
            while (index < text.length) {
                val codePoint = text.codePointAt(index)
                // A lone surrogate is not text an app can open either.
                if (isRefused(codePoint) || codePoint in 0xD800..0xDFFF) return null
                index += Character.charCount(codePoint)
            }
            if (text.startsWith("/")) return if (text.startsWith("//")) null else HeraldAction(Kind.IN_APP, text)
            val scheme = schemePattern.find(text)?.groupValues?.get(1)?.let { Ascii.lower(it) } ?: return null
            if (scheme == "https") {
                val rest = text.substring("https:".length)
                if (!rest.startsWith("//")) return null
                val authority = rest.substring(2).takeWhile { it != '/' && it != '?' && it != '#' }
                if (authority.length == 0 || authority.contains('@')) return null
                return HeraldAction(Kind.WEB, text)
            }
            return if (scheme in refusedSchemes) null else HeraldAction(Kind.DEEP_LINK, text)
        }

        private fun isRefused(codePoint: Int): Boolean {
            if (codePoint < 0x80 && REFUSED_ASCII.indexOf(String(Character.toChars(codePoint))) >= 0) return true
            return refusedScalars.any { codePoint in it }
        }
    }
}
