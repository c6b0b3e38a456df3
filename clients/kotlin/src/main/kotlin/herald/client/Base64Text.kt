package herald.client

/**
 * Base64 (RFC 4648's alphabet, padded) decoded as `java.util.Base64.getDecoder()` decodes it, which
 * Android has only from API 26: keys and signatures are read the same on every device.
 */
internal object Base64Text {
    private val values = IntArray(128) { -1 }.also { table ->
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".forEachIndexed { index, character ->
            table[character.toInt()] = index
        }
    }

    /** The bytes of a text whose length is a multiple of 4, or null when it is not base64. */
    fun decode(text: String): ByteArray? {
        if (text.length % 4 != 0) return null
        val padding = when {
            text.endsWith("==") -> 2
            text.endsWith("=") -> 1
            else -> 0
        }
        val digits = text.length - padding
        val bytes = ByteArray(digits * 3 / 4)
        var buffer = 0
        var bits = 0
        var written = 0
        for (index in 0 until digits) {
            val character = text[index].toInt()
            val value = if (character < 128) values[character] else -1
            if (value < 0) return null
            buffer = (buffer shl 6) or value
            bits += 6
            if (bits >= 8) {
                bits -= 8
                bytes[written++] = (buffer shr bits).toByte()
                buffer = buffer and ((1 shl bits) - 1)
            }
        }
        // One digit alone cannot end a text: it holds six bits, less than a byte.
        return if (digits % 4 == 1) null else bytes
    }
}
