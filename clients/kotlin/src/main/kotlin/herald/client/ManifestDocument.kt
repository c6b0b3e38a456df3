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
    /** A platform's documents: live.json, and each release's manifest by version. */
    class PlatformEntry(val live: String, val releases: List<Pair<String, String>>)
}
