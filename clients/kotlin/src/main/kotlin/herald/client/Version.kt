package herald.client

/**
 * An app version as herald compares it: dot-separated numbers compared as numbers, an optional
 * SemVer pre-release that sorts below its release, and build metadata that takes no part
 * (docs/records.md, Versions; the table conformance/versions.json is shared with the other clients).
 */
class Version private constructor(
    /** The numeric segments as digits without leading zeros (`2024.01.5` is `2024`, `1`, `5`). */
    val segments: List<String>,
    /** The pre-release identifiers after `-`: numbers as digit strings, or text. */
    private val prerelease: List<Identifier>,
    /** The text as written. */
    val text: String
) : Comparable<Version> {

    /** A pre-release identifier: a number (digits without leading zeros), or text compared in ASCII order. */
    private class Identifier(val number: String?, val text: String)

    /** Whether the version has a pre-release part (`2.0.0-beta.1`). */
    val isPrerelease: Boolean get() = prerelease.isNotEmpty()

    override fun compareTo(other: Version): Int {
        val count = Math.max(segments.size, other.segments.size)
        for (index in 0 until count) {
            val order = compareNumbers(segments.getOrElse(index) { "0" }, other.segments.getOrElse(index) { "0" })
            if (order != 0) return order
        }
        if (prerelease.isEmpty() || other.prerelease.isEmpty()) {
            return if (prerelease.size == other.prerelease.size) 0 else if (prerelease.isEmpty()) 1 else -1
        }
        val shared = Math.min(prerelease.size, other.prerelease.size)
        for (index in 0 until shared) {
            val order = compareIdentifiers(prerelease[index], other.prerelease[index])
            if (order != 0) return order
        }
        return Integer.compare(prerelease.size, other.prerelease.size)
    }

    /** Equal as herald compares (`1.0` = `1.0.0`, build metadata ignored). */
    override fun equals(other: Any?): Boolean = other is Version && compareTo(other) == 0

    override fun hashCode(): Int {
        var significant = segments.size
        while (significant > 0 && segments[significant - 1] == "0") significant--
        var hash = segments.subList(0, significant).hashCode()
        for (identifier in prerelease) hash = hash * 31 + (identifier.number ?: identifier.text).hashCode()
        return hash
    }

    override fun toString(): String = text

    /** The version as a manifest's file name: three numeric segments at least, the pre-release as written. */
    val canonical: String
        get() {
            val numbers = segments.toMutableList()
            while (numbers.size < 3) numbers.add("0")
            val core = text.substringBefore('+')
            val dash = core.indexOf('-')
            return numbers.joinToString(".") + (if (dash >= 0) core.substring(dash) else "")
        }

    companion object {
        // Numbers stay digit strings compared by length and then by text, so no precision is lost;
        // the bound is UInt64.max, as the Swift client reads segments.
        private const val MAXIMUM = "18446744073709551615"

        /** Reads a version, or returns null when the text is not one. */
        @JvmStatic
        fun parse(text: String): Version? {
            if (text.length == 0) return null
            var core = text
            val plus = core.indexOf('+')
            if (plus >= 0) {
                val build = core.substring(plus + 1).split('.')
                if (!build.all { isIdentifier(it) }) return null
                core = core.substring(0, plus)
            }
            val prerelease = ArrayList<Identifier>()
            val dash = core.indexOf('-')
            if (dash >= 0) {
                for (part in core.substring(dash + 1).split('.')) {
                    if (!isIdentifier(part)) return null
                    if (isDigits(part)) {
                        val value = number(part) ?: return null
                        prerelease.add(Identifier(value, part))
                    } else {
                        prerelease.add(Identifier(null, part))
                    }
                }
                core = core.substring(0, dash)
            }
            if (core.length == 0) return null
            val segments = ArrayList<String>()
            for (part in core.split('.')) {
                if (!isDigits(part)) return null
                segments.add(number(part) ?: return null)
            }
            return Version(segments, prerelease, text)
        }

        private fun isDigits(text: String): Boolean = text.isNotEmpty() && text.all { it in '0'..'9' }

        private fun isIdentifier(text: String): Boolean =
            text.isNotEmpty() && text.all { it in '0'..'9' || it in 'a'..'z' || it in 'A'..'Z' || it == '-' }

        /** Digits without leading zeros, or null past UInt64.max. */
        private fun number(text: String): String? {
            var start = 0
            while (start < text.length - 1 && text[start] == '0') start++
            val trimmed = text.substring(start)
            if (trimmed.length > MAXIMUM.length || (trimmed.length == MAXIMUM.length && trimmed > MAXIMUM)) return null
            return trimmed
        }

        private fun compareNumbers(a: String, b: String): Int =
            if (a.length != b.length) Integer.compare(a.length, b.length) else a.compareTo(b).coerceIn(-1, 1)

        /** SemVer §11.4: numbers compare as numbers and sort below text; text compares in ASCII order. */
        private fun compareIdentifiers(a: Identifier, b: Identifier): Int {
            if (a.number != null && b.number != null) return compareNumbers(a.number, b.number)
            if (a.number != null) return -1
            if (b.number != null) return 1
            return a.text.compareTo(b.text).coerceIn(-1, 1)
        }
    }
}
