package herald.client

/** One announcement as an app draws it. */
class HeraldMessage internal constructor(
    /** The row as the channel gives it (title, body, severity, kind, dates). */
    val row: ManifestRow
) {
    /** The record's id: what [HeraldClient.markSeen] takes. */
    val id: String get() = row.id

    /** Where the button leads, or null when there is none. */
    val action: HeraldAction? = row.actionUrl?.let { HeraldAction.classify(it) }

    /** The button's label: the record's, else a default for its kind; null without an action. */
    val actionLabel: String? = if (action == null) null else row.actionLabel ?: defaultActionLabel(row.kind)

    override fun equals(other: Any?): Boolean = other is HeraldMessage && row == other.row

    override fun hashCode(): Int = row.hashCode()

    override fun toString(): String = "HeraldMessage(${row.id})"

    companion object {
        /** The label an action gets when the record gives none. */
        @JvmStatic
        fun defaultActionLabel(kind: Kind): String = when (kind) {
            Kind.WHATS_NEW -> "Take a look"
            Kind.UPDATE_AVAILABLE -> "Update now"
            Kind.NOTICE -> "Learn more"
        }
    }
}

/** The interruption to show: a message and its shape. */
class HeraldInterruption internal constructor(val message: HeraldMessage, val shape: Shape) {
    override fun equals(other: Any?): Boolean =
        other is HeraldInterruption && message == other.message && shape == other.shape

    override fun hashCode(): Int = message.hashCode() * 31 + shape.hashCode()

    override fun toString(): String = "${shape.wireName} ${message.id}"
}

/** A message of the archive, and whether this user has seen it. */
class HeraldArchiveEntry internal constructor(val message: HeraldMessage, val seen: Boolean) {
    override fun equals(other: Any?): Boolean = other is HeraldArchiveEntry && message == other.message && seen == other.seen

    override fun hashCode(): Int = message.hashCode() * 2 + (if (seen) 1 else 0)
}

/** Whether the rows were read in this launch. */
enum class Freshness(
    /** The name in the conformance cases and the other clients' states. */
    val wireName: String
) {
    /** Fetched or revalidated now: a wall or an interruption may show. */
    FRESH("fresh"),

    /** From the cache after a failed fetch: the archive and the badge only. */
    CACHED("cached"),

    /** Nothing to show: no fetch succeeded and nothing was cached. */
    UNAVAILABLE("unavailable")
}

/** What an app renders (docs/client-protocol.md §7). */
class HeraldState internal constructor(
    /** The force-update wall: full screen, its action the only way out; null when there is none. */
    val wall: HeraldMessage?,
    /** The takeover, dialog or strip to show (never with a wall); null when there is none. */
    val interruption: HeraldInterruption?,
    /** The unread count for the archive's entry point. */
    val badge: Int,
    /** Every published, unexpired message, newest first. */
    val archive: List<HeraldArchiveEntry>,
    /** Whether the rows were read now (only fresh rows interrupt). */
    val freshness: Freshness,
    /** Why the rows are not fresh: this launch's failure; null when fresh. */
    val failure: HeraldFailure?,
    /** Which document the rows came from: the release's manifest, or live.json for an unlisted version. */
    val manifest: ManifestScope?,
    /** When the rows change by themselves next (a message goes live or expires), if ever: the document's own. */
    val nextChangeAt: Timestamp?,
    /** The locale of the messages' words; null when nothing was read. */
    val locale: String?
) {
    override fun equals(other: Any?): Boolean =
        other is HeraldState && wall == other.wall && interruption == other.interruption && badge == other.badge &&
            archive == other.archive && freshness == other.freshness &&
            failure?.toString() == other.failure?.toString() && manifest == other.manifest &&
            nextChangeAt == other.nextChangeAt && locale == other.locale

    override fun hashCode(): Int = listOf(wall, interruption, badge, archive, freshness, manifest, locale).hashCode()

    override fun toString(): String =
        "HeraldState(wall=${wall?.id}, interruption=$interruption, badge=$badge, archive=${archive.size}, " +
            "freshness=${freshness.wireName}, failure=$failure, manifest=$manifest, locale=$locale)"

    companion object {
        /** Nothing to show, before anything was fetched. */
        @JvmField
        val EMPTY = HeraldState(
            null, null, 0, emptyList(), Freshness.UNAVAILABLE, HeraldFailure.NotFetched, null, null, null
        )

        internal fun of(
            decision: Decision,
            source: ManifestSource,
            seen: Set<String>,
            manifest: ManifestScope?,
            nextChangeAt: Timestamp?,
            locale: String?
        ): HeraldState {
            val unavailable = source is ManifestSource.Unavailable
            return HeraldState(
                wall = decision.wall?.let { HeraldMessage(it) },
                interruption = decision.interruption?.let { HeraldInterruption(HeraldMessage(it.second), it.first) },
                badge = decision.badge,
                archive = decision.archive.map { HeraldArchiveEntry(HeraldMessage(it), it.id in seen) },
                freshness = when (source) {
                    is ManifestSource.Fresh -> Freshness.FRESH
                    is ManifestSource.Cached -> Freshness.CACHED
                    is ManifestSource.Unavailable -> Freshness.UNAVAILABLE
                },
                failure = when (source) {
                    is ManifestSource.Fresh -> null
                    is ManifestSource.Cached -> source.failure
                    is ManifestSource.Unavailable -> source.failure
                },
                manifest = if (unavailable) null else manifest,
                nextChangeAt = if (unavailable) null else nextChangeAt,
                locale = locale
            )
        }
    }
}
