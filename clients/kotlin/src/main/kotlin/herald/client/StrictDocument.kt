package herald.client

import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets

/**
 * The one strict rule for a document's bytes (docs/client-protocol.md §1), because JSON parsers
 * disagree exactly where a hostile or broken server would push them: UTF-8 without a byte-order
 * mark, RFC 8259 JSON, no key twice in one object (compared after escapes), no lone surrogate,
 * nesting at most [HeraldLimits.MAXIMUM_DEPTH] deep.
 */
internal object StrictDocument {
    /** The bytes as text, strictly UTF-8, or null when they are not. */
    fun text(bytes: ByteArray): String? = try {
        StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes))
            .toString()
    } catch (error: CharacterCodingException) {
        null
    }

    /** The value of a document's text, or why it is not one every client reads the same way. */
    sealed class Parsed {
        /** The document: objects as maps (in document order), arrays as lists, numbers as doubles, null as null. */
        class Value(val value: Any?) : Parsed()

        /** Why it is no document. */
        class Problem(val reason: String) : Parsed()
    }

    /** Reads a document's text strictly (as JSON.parse would, once the rule holds). */
    fun parse(text: String): Parsed = Scanner(text).parse()

    private class Failure(message: String) : Exception(message)

    /** An open array or object, and for an object the key whose value comes next. */
    private class Frame(val list: ArrayList<Any?>?, val members: LinkedHashMap<String, Any?>?) {
        var key: String? = null
    }

    /** One pass over the text; depth is bounded by the limit, not by the stack. */
    private class Scanner(private val text: String) {
        private var index = 0
        private val open = ArrayList<Frame>()
        private var result: Any? = null

        fun parse(): Parsed = try {
            if (text.isNotEmpty() && text[0] == '\uFEFF') {
                Parsed.Problem("it starts with a byte-order mark")
            } else {
                value()
                skipSpace()
                if (index != text.length) fail("it has more after the document")
                Parsed.Value(result)
            }
        } catch (failure: Failure) {
            Parsed.Problem(failure.message ?: "it is not JSON")
        }

        private fun fail(reason: String): Nothing = throw Failure("$reason (at character $index)")

        private fun peek(): Char? = if (index < text.length) text[index] else null

        private fun skipSpace() {
            while (true) {
                val character = peek()
                if (character != ' ' && character != '\t' && character != '\n' && character != '\r') return
                index++
            }
        }

        /** Puts a finished value into the innermost open container (or makes it the document). */
        private fun finish(value: Any?) {
            if (open.isEmpty()) {
                result = value
                return
            }
            val frame = open[open.size - 1]
            if (frame.list != null) {
                frame.list.add(value)
            } else {
                frame.members?.put(frame.key ?: "", value)
                frame.key = null
            }
        }

        private fun close() {
            val frame = open.removeAt(open.size - 1)
            finish(frame.list ?: frame.members)
        }

        private fun value() {
            start()
            while (open.isNotEmpty()) {
                skipSpace()
                val isObject = open[open.size - 1].members != null
                val character = peek()
                if (character == ',') {
                    index++
                    if (isObject) member() else start()
                } else if ((character == '}' && isObject) || (character == ']' && !isObject)) {
                    index++
                    close()
                } else {
                    fail("it is not JSON")
                }
            }
        }

        private fun start() {
            skipSpace()
            val character = peek()
            when {
                character == '{' || character == '[' -> {
                    val isObject = character == '{'
                    if (open.size >= HeraldLimits.MAXIMUM_DEPTH) fail("it nests deeper than ${HeraldLimits.MAXIMUM_DEPTH}")
                    index++
                    open.add(if (isObject) Frame(null, LinkedHashMap()) else Frame(ArrayList(), null))
                    skipSpace()
                    if (peek() == (if (isObject) '}' else ']')) {
                        index++
                        close()
                    } else if (isObject) {
                        member()
                    } else {
                        start()
                    }
                }
                character == '"' -> finish(string())
                character == 't' -> literal("true", true)
                character == 'f' -> literal("false", false)
                character == 'n' -> literal("null", null)
                character == '-' || (character != null && character in '0'..'9') -> finish(number())
                else -> fail(if (character == null) "it ends before a value" else "it is not JSON")
            }
        }

        private fun member() {
            skipSpace()
            if (peek() != '"') fail("it is not JSON")
            val key = string()
            val frame = open[open.size - 1]
            val members = frame.members
            if (members == null || members.containsKey(key)) fail("it has the key \"$key\" twice in one object")
            frame.key = key
            // The key is taken now, so a second one is refused even before its value is read.
            members[key] = null
            skipSpace()
            if (peek() != ':') fail("it is not JSON")
            index++
            start()
        }

        private fun literal(word: String, value: Boolean?) {
            if (!text.startsWith(word, index)) fail("it is not JSON")
            index += word.length
            finish(value)
        }

        private fun digits(): Int {
            val begin = index
            while (true) {
                val character = peek() ?: break
                if (character !in '0'..'9') break
                index++
            }
            return index - begin
        }

        /** A number as a double; one no double holds (1e99999) is refused, as in every client. */
        private fun number(): Double {
            val begin = index
            if (peek() == '-') index++
            if (peek() == '0') index++ else if (digits() == 0) fail("it is not JSON")
            if (peek() == '.') {
                index++
                if (digits() == 0) fail("it is not JSON")
            }
            if (peek() == 'e' || peek() == 'E') {
                index++
                if (peek() == '+' || peek() == '-') index++
                if (digits() == 0) fail("it is not JSON")
            }
            val value = text.substring(begin, index).toDouble()
            if (value.isInfinite()) fail("it has a number beyond a double")
            return value
        }

        /** Reads a string, returning its text with the escapes undone. */
        private fun string(): String {
            index++
            val result = StringBuilder()
            while (true) {
                val character = peek() ?: fail("it ends inside a string")
                when {
                    character == '"' -> {
                        index++
                        return result.toString()
                    }
                    character < ' ' -> fail("it has a control character inside a string")
                    character == '\\' -> {
                        index++
                        val escaped = escape()
                        result.append(escaped)
                    }
                    Character.isSurrogate(character) -> {
                        // A surrogate in the text itself (a transport that handed over text): only as a pair.
                        val next = if (index + 1 < text.length) text[index + 1] else null
                        if (!Character.isHighSurrogate(character) || next == null || !Character.isLowSurrogate(next)) {
                            fail("it has a lone surrogate")
                        }
                        result.append(character).append(next)
                        index += 2
                    }
                    else -> {
                        result.append(character)
                        index++
                    }
                }
            }
        }

        private fun escape(): String {
            val character = peek() ?: fail("it ends inside a string")
            index++
            return when (character) {
                '"', '\\', '/' -> character.toString()
                'b' -> "\b"
                'f' -> "\u000C"
                'n' -> "\n"
                'r' -> "\r"
                't' -> "\t"
                'u' -> {
                    val unit = hexUnit()
                    if (unit in 0xDC00..0xDFFF) fail("it escapes a lone surrogate")
                    if (unit !in 0xD800..0xDBFF) return String(Character.toChars(unit))
                    if (!text.startsWith("\\u", index)) fail("it escapes a lone surrogate")
                    index += 2
                    val low = hexUnit()
                    if (low !in 0xDC00..0xDFFF) fail("it escapes a lone surrogate")
                    String(Character.toChars(0x10000 + ((unit - 0xD800) shl 10) + (low - 0xDC00)))
                }
                else -> fail("it has an unknown escape")
            }
        }

        private fun hexUnit(): Int {
            if (index + 4 > text.length) fail("it has an unknown escape")
            var value = 0
            for (offset in 0 until 4) {
                val character = text[index + offset]
                val digit = when (character) {
                    in '0'..'9' -> character - '0'
                    in 'a'..'f' -> character - 'a' + 10
                    in 'A'..'F' -> character - 'A' + 10
                    else -> fail("it has an unknown escape")
                }
                value = value * 16 + digit
            }
            index += 4
            return value
        }
    }
}
