package herald.client

/** Which document an app's rows come from. */
enum class ManifestScope {
    /** A configured release's own manifest. */
    RELEASE,

    /** The platform's live.json, for a version the channel does not list (a hotfix, a beta). */
    LIVE
}

/** A release's manifest or a platform's live.json. */
internal class ManifestDocument(
    val scope: ManifestScope,
    val platform: String,
    val version: String?,
    val nextChangeAt: Timestamp?,
    val announcements: List<ManifestRow>
)

/** The channel, api/v1/index.json. */
internal class ChannelIndex(
    /** The locale of the channel's words (BCP 47). */
    val language: String,
    /** Every locale's own channel, the default first, when the channel has several locales. */
    val locales: List<Pair<String, String>>?,
    val nextChangeAt: Timestamp?,
    val platforms: Map<String, PlatformEntry>
) {
    /** A platform's documents: live.json, and each release's manifest by version, each with its content-addressed copy if named. */
    class PlatformEntry(val live: String, val liveObject: DocumentObject?, val releases: List<Release>)

    /** A release and where its manifest is. */
    class Release(val version: String, val manifest: String, val objectEntry: DocumentObject?)
}

/**
 * Where a document's content-addressed copy is (`api/v1/objects/<sha256>.json`), and what its
 * bytes are: an app that holds bytes of that hash has the document and never asks for it again.
 */
internal class DocumentObject(val url: String, val sha256: String, val bytes: Int) {
    /** Whether some bytes are the object's: their count and their SHA-256. */
    fun holds(body: ByteArray, checking: SignatureChecking): Boolean =
        body.size == bytes && SignedStatement.hex(checking.sha256(body)) == sha256

    companion object {
        private val DIGEST = Regex("^[0-9a-f]{64}$")

        /**
         * An entry that is there and well made, else null: the reader then fetches the canonical
         * URL, as in a channel built before objects (a wrong entry costs a request, never the document).
         */
        fun read(value: Any?): DocumentObject? {
            val fields = value as? Map<*, *> ?: return null
            val url = fields["url"] as? String ?: return null
            val sha256 = fields["sha256"] as? String ?: return null
            val bytes = fields["bytes"] as? Double ?: return null
            if (!DIGEST.matches(sha256) || bytes != Math.floor(bytes) || bytes < 0 || bytes > HeraldLimits.MAXIMUM_BODY_SIZE) return null
            return DocumentObject(url, sha256, bytes.toInt())
        }
    }
}
