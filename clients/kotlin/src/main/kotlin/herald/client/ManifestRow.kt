package herald.client

/** How an announcement interrupts: a strip, a dialog, a full-screen takeover. */
enum class Severity { INFO, IMPORTANT, CRITICAL }

/** What an announcement is about (icon and label only). */
enum class Kind { WHATS_NEW, UPDATE_AVAILABLE, NOTICE }

/** An announcement's text as paragraphs and bullets (the Markdown body, rendered to plain text). */
data class Body(val paragraphs: List<String>, val bullets: List<String>)

/**
 * One announcement as an app receives it (docs/client-protocol.md; herald's ManifestRow). Two rows
 * are equal when every field is: an unchanged state is not announced twice, and a changed rollout
 * or reminder is.
 */
data class ManifestRow(
    val id: String,
    val severity: Severity,
    val kind: Kind,
    val title: String,
    val body: Body,
    /** The body as HTML (sanitized by the build). */
    val html: String,
    val actionUrl: String?,
    val actionLabel: String?,
    val blocking: Boolean,
    val publishedAt: Timestamp,
    val updatedAt: Timestamp?,
    val expiresAt: Timestamp?,
    val minVersion: Version?,
    val maxVersion: Version?,
    /** Every version below it is reached (hotfixes of the release below included); null when unbounded so. */
    val belowVersion: Version?,
    /** The record's page in the archive. */
    val url: String,
    val draft: Boolean?,
    /** Who it reaches beyond its range: a growing share of users (null: everyone in range). */
    val rollout: Rollout? = null,
    /** Seconds after a dismissal at which it is unseen again (null: seen for good). */
    val remindAfter: Long? = null
) {
    /** Whether it is published at a time. */
    fun isPublished(now: Timestamp): Boolean = publishedAt <= now

    /** Whether it has expired at a time. */
    fun isExpired(now: Timestamp): Boolean = expiresAt != null && expiresAt <= now

    /** Whether its range holds a version: minVersion and maxVersion inclusive, belowVersion exclusive. */
    fun rangeHolds(version: Version): Boolean =
        (minVersion == null || minVersion <= version) &&
            (maxVersion == null || version <= maxVersion) &&
            (belowVersion == null || version < belowVersion)

    /** Whether it reaches the user of [stableId] at a time: no rollout, or their bucket is below its share. */
    fun reaches(stableId: String, now: Timestamp): Boolean =
        rollout == null || RolloutBucket.of(rollout.salt, stableId) < rollout.share(now)
}

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

/** A row's rollout: its salt, and from each step's time on the share reached, of 10,000 buckets. */
data class Rollout(val salt: String, val steps: List<Step>) {
    /** From [at] on, [share] of 10,000 buckets are reached. */
    data class Step(val at: Timestamp, val share: Int)

    /** The share reached at a time: the last step begun's, 0 before the first. */
    fun share(now: Timestamp): Int = steps.lastOrNull { it.at <= now }?.share ?: 0
}
