package herald.client

/** JSON as herald writes it: keys sorted, the escapes herald uses, so every client writes the same bytes. */
object JsonWriter {
    /**
     * A value (null, Boolean, Number, String, List, Map with String keys) with two-space
     * indentation and a final newline, as the conformance cases are written.
     */
    @JvmStatic
    fun pretty(value: Any?): String = StringBuilder().also { write(value, 0, true, it) }.append('\n').toString()

    /** A value on one line, keys sorted. */
    @JvmStatic
    fun compact(value: Any?): String = StringBuilder().also { write(value, 0, false, it) }.toString()

    private fun write(value: Any?, indent: Int, pretty: Boolean, out: StringBuilder) {
        when (value) {
            null -> out.append("null")
            is Boolean -> out.append(if (value) "true" else "false")
            is Int, is Long -> out.append(value.toString())
            is Number -> {
                val number = value.toDouble()
                if (number == Math.rint(number) && Math.abs(number) < 1e15) out.append(number.toLong()) else out.append(number)
            }
            is String -> string(value, out)
            is List<*> -> {
                if (value.isEmpty()) {
                    out.append("[]")
                    return
                }
                out.append('[')
                value.forEachIndexed { index, item ->
                    if (index > 0) out.append(',')
                    newline(indent + 2, pretty, out)
                    write(item, indent + 2, pretty, out)
                }
                newline(indent, pretty, out)
                out.append(']')
            }
            is Map<*, *> -> {
                if (value.isEmpty()) {
                    out.append("{}")
                    return
                }
                out.append('{')
                val keys = value.keys.map { it as String }.sortedWith(Comparator { a, b -> utf16Order(a, b) })
                keys.forEachIndexed { index, key ->
                    if (index > 0) out.append(',')
                    newline(indent + 2, pretty, out)
                    string(key, out)
                    out.append(if (pretty) ": " else ":")
                    write(value[key], indent + 2, pretty, out)
                }
                newline(indent, pretty, out)
                out.append('}')
            }
            else -> throw IllegalArgumentException("${value.javaClass} is not a JSON value")
        }
    }

    /** JavaScript's order of keys: by UTF-16 code units. */
    private fun utf16Order(a: String, b: String): Int = a.compareTo(b)

    private fun newline(indent: Int, pretty: Boolean, out: StringBuilder) {
        if (!pretty) return
        out.append('\n')
        for (space in 0 until indent) out.append(' ')
    }

    private fun string(text: String, out: StringBuilder) {
        out.append('"')
        var index = 0
        while (index < text.length) {
            val codePoint = text.codePointAt(index)
            index += Character.charCount(codePoint)
            when (codePoint) {
                0x22 -> out.append("\\\"")
                0x5C -> out.append("\\\\")
                0x0A -> out.append("\\n")
                0x0D -> out.append("\\r")
                0x09 -> out.append("\\t")
                0x08 -> out.append("\\b")
                0x0C -> out.append("\\f")
                0x2028 -> out.append("\\u2028")
                0x2029 -> out.append("\\u2029")
                else -> if (codePoint < 0x20 || codePoint == 0x7F) {
                    val hex = Integer.toHexString(codePoint)
                    out.append("\\u").append("0".repeat(4 - hex.length)).append(hex)
                } else {
                    out.appendCodePoint(codePoint)
                }
            }
        }
        out.append('"')
    }
}
