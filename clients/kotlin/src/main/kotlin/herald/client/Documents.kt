package herald.client

/** A decoding outcome: the document, or why there is none. */
internal sealed class Decoded<out T> {
    class Ok<T>(val value: T) : Decoded<T>()
    class Failed(val failure: FetchFailure) : Decoded<Nothing>()
}

/** Reads herald's documents as every client does: strictly, with a missing or mistyped field a failure. */
internal object Documents {
    private class Unreadable(message: String) : Exception(message)

    private fun requiredString(members: Map<*, *>, key: String): String =
        members[key] as? String ?: throw Unreadable("$key is not a string")

    /** An absent or null value is null; anything else must read. */
    private fun <T> optional(members: Map<*, *>, key: String, read: (Any) -> T?): T? {
        val value = members[key] ?: return null
        return read(value) ?: throw Unreadable("$key cannot be read")
    }

    private val timestamp: (Any) -> Timestamp? = { (it as? String)?.let { text -> Timestamp.parse(text) } }
    private val version: (Any) -> Version? = { (it as? String)?.let { text -> Version.parse(text) } }
    private val text: (Any) -> String? = { it as? String }

    private fun strings(value: Any?, key: String): List<String> {
        val list = value as? List<*> ?: throw Unreadable("$key is not a list of strings")
        return list.map { it as? String ?: throw Unreadable("$key is not a list of strings") }
    }

    /** Reads one row; throws when it cannot (the caller leaves it out). */
    private fun row(value: Any?): ManifestRow {
        val members = value as? Map<*, *> ?: throw Unreadable("a row is not an object")
        val severity = requiredString(members, "severity")
        val kind = requiredString(members, "kind")
        val knownSeverity = Severity.values().firstOrNull { it.name == severity }
        val knownKind = Kind.values().firstOrNull { it.name == kind }
        if (knownSeverity == null || knownKind == null) throw Unreadable("unknown severity or kind")
        val body = members["body"] as? Map<*, *> ?: throw Unreadable("body is not an object")
        val blocking = members["blocking"] as? Boolean ?: throw Unreadable("blocking is not a boolean")
        val publishedAt = timestamp(members["publishedAt"] ?: "") ?: throw Unreadable("publishedAt is not a timestamp")
        val draft = members["draft"]
        if (draft != null && draft !is Boolean) throw Unreadable("draft")
        return ManifestRow(
            id = requiredString(members, "id"),
            severity = knownSeverity,
            kind = knownKind,
            title = requiredString(members, "title"),
            body = Body(strings(body["paragraphs"], "paragraphs"), strings(body["bullets"], "bullets")),
            html = requiredString(members, "html"),
            actionUrl = optional(members, "actionUrl", text),
            actionLabel = optional(members, "actionLabel", text),
            blocking = blocking,
            publishedAt = publishedAt,
            updatedAt = optional(members, "updatedAt", timestamp),
            expiresAt = optional(members, "expiresAt", timestamp),
            minVersion = optional(members, "minVersion", version),
            maxVersion = optional(members, "maxVersion", version),
            belowVersion = optional(members, "belowVersion", version),
            url = requiredString(members, "url"),
            draft = draft as? Boolean,
            rollout = members["rollout"]?.let { rollout(it) },
            remindAfter = members["remindAfter"]?.let { remindSeconds(it) }
        )
    }

    /** Reads a rollout; throws when it cannot, so the row is left out: a share this app cannot read must not reach everyone. */
    private fun rollout(value: Any): Rollout {
        val members = value as? Map<*, *> ?: throw Unreadable("rollout is not an object")
        val salt = requiredString(members, "salt")
        val steps = members["steps"] as? List<*> ?: throw Unreadable("rollout steps are not a list")
        if (salt.length == 0 || steps.size == 0) throw Unreadable("rollout is empty")
        return Rollout(salt, steps.map { step ->
            val fields = step as? Map<*, *> ?: throw Unreadable("a rollout step is not an object")
            val at = timestamp(fields["at"] ?: "") ?: throw Unreadable("a rollout step has no time")
            val share = fields["share"] as? Double
            if (share == null || share != Math.floor(share) || share < 0 || share > RolloutBucket.COUNT) {
                throw Unreadable("a rollout step's share is not a share")
            }
            Rollout.Step(at, share.toInt())
        })
    }

    /** A reminder's whole count of seconds, inside the protocol's limits. */
    private fun remindSeconds(value: Any): Long {
        val number = value as? Double ?: throw Unreadable("remindAfter is not a number")
        if (number != Math.floor(number) ||
            number < HeraldLimits.MINIMUM_REMIND_AFTER || number > HeraldLimits.MAXIMUM_REMIND_AFTER
        ) {
            throw Unreadable("remindAfter is not a reminder")
        }
        return number.toLong()
    }

    /** Parses JSON strictly and checks the schema version every herald document carries. */
    private fun document(body: String): Decoded<Map<*, *>> {
        val parsed = StrictDocument.parse(body)
        if (parsed is StrictDocument.Parsed.Problem) return Decoded.Failed(FetchFailure.Unreadable(parsed.reason))
        val members = (parsed as StrictDocument.Parsed.Value).value as? Map<*, *>
            ?: return Decoded.Failed(FetchFailure.Unreadable("not an object"))
        val schemaVersion = members["schemaVersion"]
        if (schemaVersion is Double && schemaVersion != 1.0) {
            return Decoded.Failed(FetchFailure.UnknownSchema(schemaVersion))
        }
        if (schemaVersion != 1.0) return Decoded.Failed(FetchFailure.Unreadable("no schemaVersion"))
        return Decoded.Ok(members)
    }

    /** Reads a manifest's text as an app does; a row that cannot be read is left out. */
    fun manifest(body: String): Decoded<ManifestDocument> {
        val parsed = document(body)
        if (parsed !is Decoded.Ok) return parsed as Decoded.Failed
        val members = parsed.value
        return try {
            val scope = when (requiredString(members, "scope")) {
                "release" -> ManifestScope.RELEASE
                "live" -> ManifestScope.LIVE
                else -> throw Unreadable("unknown scope")
            }
            val list = members["announcements"] as? List<*> ?: throw Unreadable("announcements is not a list")
            val rows = ArrayList<ManifestRow>()
            for (value in list) {
                try {
                    rows.add(row(value))
                } catch (unreadable: Unreadable) {
                    // A row this app cannot read (a newer severity) is left out; the others still show.
                }
            }
            Decoded.Ok(
                ManifestDocument(
                    scope = scope,
                    platform = requiredString(members, "platform"),
                    version = optional(members, "version", text),
                    nextChangeAt = optional(members, "nextChangeAt", timestamp),
                    announcements = rows
                )
            )
        } catch (unreadable: Unreadable) {
            Decoded.Failed(FetchFailure.Unreadable(unreadable.message ?: "unreadable"))
        }
    }

    /** Reads the channel's text as an app does. */
    fun channel(body: String): Decoded<ChannelIndex> {
        val parsed = document(body)
        if (parsed !is Decoded.Ok) return parsed as Decoded.Failed
        val members = parsed.value
        return try {
            for (key in listOf("title", "language", "baseURL", "archive", "feed", "schema")) requiredString(members, key)
            val platforms = members["platforms"] as? Map<*, *> ?: throw Unreadable("platforms is not an object")
            val entries = LinkedHashMap<String, ChannelIndex.PlatformEntry>()
            for ((key, value) in platforms) {
                val platform = value as? Map<*, *> ?: throw Unreadable("platform $key")
                val releases = platform["releases"] as? List<*> ?: throw Unreadable("platform $key")
                entries[key as String] = ChannelIndex.PlatformEntry(
                    live = requiredString(platform, "live"),
                    releases = releases.map { release ->
                        val fields = release as? Map<*, *> ?: throw Unreadable("a release is not an object")
                        Pair(requiredString(fields, "version"), requiredString(fields, "manifest"))
                    }
                )
            }
            val locales = members["locales"]?.let { value ->
                val list = value as? List<*> ?: throw Unreadable("locales is not a list")
                list.map { entry ->
                    val fields = entry as? Map<*, *> ?: throw Unreadable("a locale is not an object")
                    Pair(requiredString(fields, "locale"), requiredString(fields, "index"))
                }
            }
            Decoded.Ok(
                ChannelIndex(
                    language = requiredString(members, "language"),
                    locales = locales,
                    nextChangeAt = optional(members, "nextChangeAt", timestamp),
                    platforms = entries
                )
            )
        } catch (unreadable: Unreadable) {
            Decoded.Failed(FetchFailure.Unreadable(unreadable.message ?: "unreadable"))
        }
    }
}
