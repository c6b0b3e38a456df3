package herald.client


/** A statement that held, and whether a pinned wall key signed it. */
internal class SignedStatement(
    val generation: Long,
    val documents: Map<String, Pair<String, Long>>,
    val wallSigned: Boolean
) {
    /** Why a document's text is not the one listed at its path, or null. */
    fun problem(text: String, path: String, checking: SignatureChecking): HeraldFailure? {
        val listed = documents[path]
        val bytes = text.toByteArray(Charsets.UTF_8)
        if (listed == null || listed.second != bytes.size.toLong() || hex(checking.sha256(bytes)) != listed.first) {
            return HeraldFailure.Statement("hash", "$path is not the document the statement lists")
        }
        return null
    }

    companion object {
        const val TYPE = "application/vnd.herald.channel+json"

        /** A SHA-256 as the statement writes it: 64 lowercase hex digits. */
        private val DIGEST = Regex("^[0-9a-f]{64}$")

        fun hex(bytes: ByteArray): String = bytes.joinToString("") { String.format("%02x", it.toInt() and 0xff) }

        private fun fail(kind: String, reason: String) = Decoded.Failed(HeraldFailure.Statement(kind, reason))

        private fun base64(text: String): ByteArray? = Base64Text.decode(text)

        /** A public key's raw bytes, or null when it is not the base64 of 32 bytes. */
        private fun rawKey(text: String): ByteArray? = base64(text.trim())?.takeIf { it.size == 32 }

        /** DSSE's pre-authentication encoding of a payload. */
        fun pae(type: String, payload: ByteArray): ByteArray {
            val typeBytes = type.toByteArray(Charsets.UTF_8)
            return "DSSEv1 ${typeBytes.size} ".toByteArray(Charsets.UTF_8) + typeBytes +
                " ${payload.size} ".toByteArray(Charsets.UTF_8) + payload
        }

        private fun parse(text: String): Map<*, *>? =
            ((StrictDocument.parse(text) as? StrictDocument.Parsed.Value)?.value) as? Map<*, *>

        /**
         * Checks signed.json's text in the one order every reader keeps: a pinned key's signature,
         * the channel, a generation not below [highest], a time before the expiry.
         */
        fun verify(
            text: String,
            pinned: HeraldChannelKeys,
            highest: Long?,
            now: Timestamp,
            checking: SignatureChecking
        ): Decoded<SignedStatement> {
            val envelope = parse(text) ?: return fail("signature", "signed.json is not a document")
            val type = envelope["payloadType"] as? String
            val payload = (envelope["payload"] as? String)?.let { base64(it) }
            val signatures = envelope["signatures"] as? List<*>
            if (type == null || payload == null || signatures == null) {
                return fail("signature", "signed.json is not a DSSE envelope")
            }
            if (type != TYPE) return fail("signature", "the payload type is $type")
            val message = pae(type, payload)
            val keys = pinned.keys.mapNotNull { rawKey(it) }
            val wallKeys = pinned.wallKeys.mapNotNull { rawKey(it) }
            val candidates = keys + wallKeys.filter { wall -> keys.none { it.contentEquals(wall) } }
            var byPinnedKey = false
            val verified = ArrayList<ByteArray>()
            for (key in candidates) {
                val id = hex(checking.sha256(key)).substring(0, 16)
                for (entry in signatures) {
                    val signature = entry as? Map<*, *> ?: continue
                    if ((signature["keyid"] as? String ?: "") != id) continue
                    val bytes = (signature["sig"] as? String)?.let { base64(it) }?.takeIf { it.size == 64 } ?: continue
                    byPinnedKey = true
                    if (checking.verify(key, message, bytes)) {
                        verified.add(key)
                        break
                    }
                }
            }
            if (!byPinnedKey) return fail("key", "no pinned key signed the statement")
            if (verified.isEmpty()) return fail("signature", "a pinned key's signature does not verify")
            val statementText = StrictDocument.text(payload) ?: return fail("signature", "the statement is not UTF-8")
            val statement = parse(statementText) ?: return fail("signature", "the statement is not a document")
            val channel = statement["channel"] as? String
            val generation = (statement["generation"] as? Double)?.takeIf { it == Math.floor(it) && it >= 0 }?.toLong()
            val expiresAt = (statement["expiresAt"] as? String)?.let { Timestamp.parse(it) }
            val listed = statement["documents"] as? Map<*, *>
            val documents = HashMap<String, Pair<String, Long>>()
            for ((path, value) in listed ?: emptyMap<Any, Any>()) {
                val entry = value as? Map<*, *> ?: continue
                val digest = (entry["sha256"] as? String)?.takeIf { DIGEST.matches(it) } ?: continue
                val size = (entry["bytes"] as? Double)?.takeIf { it == Math.floor(it) && it >= 0 } ?: continue
                documents[path as String] = Pair(digest, size.toLong())
            }
            if (channel == null || generation == null || expiresAt == null || listed == null ||
                documents.size != listed.size
            ) {
                return fail("signature", "the statement lacks a field or has one of the wrong type")
            }
            if (channel != pinned.channel) {
                return fail("channel", "the statement is for channel $channel, not ${pinned.channel}")
            }
            if (highest != null && generation < highest) {
                return fail("rollback", "generation $generation is below $highest, already accepted")
            }
            if (now >= expiresAt) return fail("expired", "the statement expired at $expiresAt")
            val wallSigned = wallKeys.isEmpty() || wallKeys.any { wall -> verified.any { it.contentEquals(wall) } }
            return Decoded.Ok(SignedStatement(generation, documents, wallSigned))
        }
    }
}
