package herald.client

/** A decoding outcome: the document, or why there is none. */
internal sealed class Decoded<out T> {
    class Ok<T>(val value: T) : Decoded<T>()
    class Failed(val failure: HeraldFailure) : Decoded<Nothing>()
}

/** Reads herald's documents as every client does: strictly, with a missing or mistyped field a failure. */
internal object Documents {
    /** Parses JSON strictly and checks the schema version every herald document carries. */
    private fun document(body: String): Decoded<Map<*, *>> {
        val parsed = StrictDocument.parse(body)
        if (parsed is StrictDocument.Parsed.Problem) return Decoded.Failed(HeraldFailure.Unreadable(parsed.reason))
        val members = (parsed as StrictDocument.Parsed.Value).value as? Map<*, *>
            ?: return Decoded.Failed(HeraldFailure.Unreadable("not an object"))
        val schemaVersion = members["schemaVersion"]
        if (schemaVersion is Double && schemaVersion != 1.0) {
            return Decoded.Failed(HeraldFailure.UnknownSchema(schemaVersion))
        }
        if (schemaVersion != 1.0) return Decoded.Failed(HeraldFailure.Unreadable("no schemaVersion"))
        return Decoded.Ok(members)
    }

    /** Reads a manifest's text as an app does; a row that cannot be read is left out. */
    fun manifest(body: String): Decoded<ManifestDocument> {
        val parsed = document(body)
        if (parsed !is Decoded.Ok) return parsed as Decoded.Failed
        val members = parsed.value
        return try {
            val scope = when (RowValues.required(members, "scope", RowValues.text)) {
                "release" -> ManifestScope.RELEASE
                "live" -> ManifestScope.LIVE
                else -> throw RowValues.Unreadable("unknown scope")
            }
            val list = members["announcements"] as? List<*> ?: throw RowValues.Unreadable("announcements is not a list")
            val rows = ArrayList<ManifestRow>()
            for (value in list) {
                try {
                    rows.add(ManifestRowReader.read(value))
                } catch (unreadable: RowValues.Unreadable) {
                    // A row this app cannot read (a newer severity) is left out; the others still show.
                }
            }
            Decoded.Ok(
                ManifestDocument(
                    scope = scope,
                    platform = RowValues.required(members, "platform", RowValues.text),
                    version = RowValues.optional(members, "version", RowValues.text),
                    nextChangeAt = RowValues.optional(members, "nextChangeAt", RowValues.timestamp),
                    announcements = rows
                )
            )
        } catch (unreadable: RowValues.Unreadable) {
            Decoded.Failed(HeraldFailure.Unreadable(unreadable.message ?: "unreadable"))
        }
    }

    /** Reads the channel's text as an app does. */
    fun channel(body: String): Decoded<ChannelIndex> {
        val parsed = document(body)
        if (parsed !is Decoded.Ok) return parsed as Decoded.Failed
        val members = parsed.value
        return try {
            for (key in listOf("title", "language", "baseURL", "archive", "feed", "schema")) RowValues.required(members, key, RowValues.text)
            val platforms = members["platforms"] as? Map<*, *> ?: throw RowValues.Unreadable("platforms is not an object")
            val entries = LinkedHashMap<String, ChannelIndex.PlatformEntry>()
            for ((key, value) in platforms) {
                val platform = value as? Map<*, *> ?: throw RowValues.Unreadable("platform $key")
                val releases = platform["releases"] as? List<*> ?: throw RowValues.Unreadable("platform $key")
                entries[key as String] = ChannelIndex.PlatformEntry(
                    live = RowValues.required(platform, "live", RowValues.text),
                    liveObject = DocumentObject.read(platform["liveObject"]),
                    releases = releases.map { release ->
                        val fields = release as? Map<*, *> ?: throw RowValues.Unreadable("a release is not an object")
                        ChannelIndex.Release(
                            RowValues.required(fields, "version", RowValues.text),
                            RowValues.required(fields, "manifest", RowValues.text),
                            DocumentObject.read(fields["object"])
                        )
                    }
                )
            }
            val locales = members["locales"]?.let { value ->
                val list = value as? List<*> ?: throw RowValues.Unreadable("locales is not a list")
                list.map { entry ->
                    val fields = entry as? Map<*, *> ?: throw RowValues.Unreadable("a locale is not an object")
                    Pair(RowValues.required(fields, "locale", RowValues.text), RowValues.required(fields, "index", RowValues.text))
                }
            }
            Decoded.Ok(
                ChannelIndex(
                    language = RowValues.required(members, "language", RowValues.text),
                    locales = locales,
                    nextChangeAt = RowValues.optional(members, "nextChangeAt", RowValues.timestamp),
                    platforms = entries
                )
            )
        } catch (unreadable: RowValues.Unreadable) {
            Decoded.Failed(HeraldFailure.Unreadable(unreadable.message ?: "unreadable"))
        }
    }
}
