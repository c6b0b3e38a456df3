package herald.client

/**
 * A user's bucket for a rolled-out record (docs/client-protocol.md, Rollout): one number in
 * 0..9999 per (user, record), the same in every Herald client, so a user inside a share stays
 * inside as it grows: `fmix32(FNV-1a-32(UTF-8 of "herald:v1:" + salt + ":" + stableId)) mod 10000`.
 */
object RolloutBucket {
    /** How many buckets there are: a share of 1% is 100 of them. */
    const val COUNT = 10_000

    /** The bucket of [stableId] (the signed-in user's id, else the install's) for a record whose salt is [salt] (its id unless it names another). */
    fun of(salt: String, stableId: String): Int {
        var hash = 0x811C9DC5.toInt()
        for (byte in utf8("herald:v1:$salt:$stableId")) {
            hash = hash xor (byte.toInt() and 0xFF)
            hash *= 0x01000193
        }
        return ((fmix32(hash).toLong() and 0xFFFFFFFFL) % COUNT).toInt()
    }

    /**
     * The text's UTF-8 bytes, a lone surrogate as U+FFFD (EF BF BD) as JavaScript's TextEncoder and
     * Swift write it: the JDK's own encoder writes "?", which would put the user in another bucket.
     */
    private fun utf8(text: String): ByteArray {
        val encoder = Charsets.UTF_8.newEncoder()
            .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
            .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE)
            .replaceWith(byteArrayOf(0xEF.toByte(), 0xBF.toByte(), 0xBD.toByte()))
        val buffer = encoder.encode(java.nio.CharBuffer.wrap(text))
        return ByteArray(buffer.remaining()).also { buffer.get(it) }
    }

    /** MurmurHash3's 32-bit finaliser, which spreads FNV-1a's low bits over the whole word. */
    private fun fmix32(value: Int): Int {
        var hash = value
        hash = hash xor (hash ushr 16)
        hash *= 0x85EBCA6B.toInt()
        hash = hash xor (hash ushr 13)
        hash *= 0xC2B2AE35.toInt()
        hash = hash xor (hash ushr 16)
        return hash
    }
}
