package herald.client

/** What the app has in hand: fresh rows, cached rows after a failed fetch, or nothing. */
internal sealed class ManifestSource {
    class Fresh(val rows: List<ManifestRow>) : ManifestSource()
    class Cached(val rows: List<ManifestRow>, val failure: HeraldFailure) : ManifestSource()
    class Unavailable(val failure: HeraldFailure) : ManifestSource()
}

/** The shape an interruption takes, by its severity. */
enum class Shape(
    /** The name in the conformance cases and the other clients' states. */
    val wireName: String
) {
    /** A CRITICAL message: full screen, dismissable. */
    TAKEOVER("takeover"),

    /** An IMPORTANT message: a centred modal. */
    DIALOG("dialog"),

    /** An INFO message: a bar at the edge of the screen. */
    STRIP("strip")
}

/** The decision of docs/client-protocol.md §3. */
internal class Decision(
    val wall: ManifestRow?,
    val interruption: Pair<Shape, ManifestRow>?,
    val badge: Int,
    val archive: List<ManifestRow>
)

/** The decision an app makes from a manifest's rows, as one pure function (the same in every client). */
internal object DecisionRules {
    /** Newest first, then by id. */
    val newestFirst: Comparator<ManifestRow> = Comparator { a, b ->
        val order = b.publishedAt.compareTo(a.publishedAt)
        if (order != 0) order else a.id.compareTo(b.id)
    }

    /**
     * The rows an app of a version decides from: a release's manifest as it is; live.json filtered
     * by the build's rule (published, not expired, range holds), so an unlisted version gets
     * exactly what a listed one would.
     */
    fun rowsFor(document: ManifestDocument, version: Version, now: Timestamp): List<ManifestRow> =
        if (document.scope == ManifestScope.RELEASE) document.announcements
        else document.announcements.filter { it.rangeHolds(version) && it.isPublished(now) && !it.isExpired(now) }

    /** Whether a row is a wall: blocking, CRITICAL, with an exit an app can open. */
    fun isWall(row: ManifestRow): Boolean =
        row.blocking && row.severity == Severity.CRITICAL && row.actionUrl != null &&
            HeraldAction.classify(row.actionUrl) != null

    /**
     * The ids still seen at a time: a row with `remindAfter` is unseen again once that long has
     * passed since it was marked, so a dismissed nudge comes back; every other mark holds.
     */
    fun stillSeen(marks: Map<String, Timestamp>, rows: List<ManifestRow>, now: Timestamp): Set<String> {
        val reminders = rows.mapNotNull { row -> row.remindAfter?.let { row.id to it } }.toMap()
        return marks.filter { (id, marked) ->
            val seconds = reminders[id] ?: return@filter true
            now < marked.plusMilliseconds(seconds * 1000)
        }.keys
    }

    /** Decides what to show; only fresh rows may interrupt. */
    fun decide(
        source: ManifestSource,
        now: Timestamp,
        seen: Set<String>,
        accountCreatedAt: Timestamp?,
        stableId: String
    ): Decision {
        val received = when (source) {
            is ManifestSource.Unavailable -> return Decision(null, null, 0, emptyList())
            is ManifestSource.Fresh -> source.rows
            is ManifestSource.Cached -> source.rows
        }
        // A row the rollout does not deliver to this user is nowhere for them: no badge, no archive.
        val rows = received.filter { it.reaches(stableId, now) }.sortedWith(newestFirst)
        val walls = ArrayList<ManifestRow>()
        val eligible = ArrayList<ManifestRow>()
        for (row in rows) {
            if (!row.isPublished(now) || row.isExpired(now)) continue
            if (row.blocking) {
                // A blocking row that is no valid wall is ignored: no badge, no interruption (it stays in the archive).
                if (isWall(row)) walls.add(row)
            } else if (row.id in seen) {
                continue
            } else if (accountCreatedAt != null && row.publishedAt < accountCreatedAt) {
                continue
            } else {
                eligible.add(row)
            }
        }
        var badge = eligible.size
        for (wall in walls) if (wall.id !in seen) badge++
        val archive = rows.filter { it.isPublished(now) && !it.isExpired(now) }
        if (source is ManifestSource.Cached) return Decision(null, null, badge, archive)
        val wall = walls.firstOrNull()
        if (wall != null) return Decision(wall, null, badge, archive)
        for ((severity, shape) in listOf(
            Severity.CRITICAL to Shape.TAKEOVER, Severity.IMPORTANT to Shape.DIALOG, Severity.INFO to Shape.STRIP
        )) {
            val row = eligible.firstOrNull { it.severity == severity }
            if (row != null) return Decision(null, Pair(shape, row), badge, archive)
        }
        return Decision(null, null, badge, archive)
    }
}
