package herald.client

// What a poll costs the Kotlin reader over a manifest at the 5 MB limit (1,800 rows):
//   clients/kotlin/run-tests --compile && java -cp clients/kotlin/build/conformance.jar:KOTLIN_STDLIB \
//     herald.client.PollBenchKt
// prints the strict JSON parse of the manifest (the yardstick), a first decision (a new client,
// nothing stored) and a poll answered 304, as medians of 15. The README reports a run.

private const val BASE = "https://bench.example/whats-new/"

/** A CDN: fixed ETags, 304 when they match (a real 304 carries no body to hash). */
private class Cdn(private val documents: Map<String, ByteArray>) : HeraldTransport {
    override fun fetch(request: HeraldRequest): HeraldResponse {
        val body = documents[request.url] ?: return HeraldResponse.Failed(HeraldFailure.Status(404))
        val etag = "\"${request.url.length}-${body.size}\""
        if (request.etag == etag) return HeraldResponse.NotModified(60)
        return HeraldResponse.Ok(body, etag, null, 60)
    }
}

private fun manifest(): String {
    val text = "Timetables, departures and platforms are updated as the network changes; ".repeat(15)
    val start = Timestamp.parse("2026-01-01T00:00:00Z")!!
    val rows = (0 until 1800).map { index ->
        linkedMapOf<String, Any?>(
            "actionLabel" to null, "actionUrl" to (if (index % 3 == 0) "https://bench.example/app" else null),
            "belowVersion" to null, "blocking" to false,
            "body" to linkedMapOf("bullets" to listOf("One", "Two"), "paragraphs" to listOf(text)),
            "expiresAt" to (if (index % 10 == 0) "2027-06-01T00:00:00Z" else null), "html" to "<p>$text</p>\n",
            "id" to "record-%05d".format(index), "kind" to "WHATS_NEW", "maxVersion" to null, "minVersion" to null,
            "publishedAt" to Timestamp(start.seconds + index * 3_600L).toString(),
            "remindAfter" to null, "rollout" to null, "severity" to (if (index % 7 == 0) "IMPORTANT" else "INFO"),
            "title" to "Announcement $index", "updatedAt" to null, "url" to "${BASE}announcements/record-$index/"
        )
    }
    return JsonWriter.compact(
        linkedMapOf(
            "announcements" to rows, "nextChangeAt" to "2026-12-01T00:00:00Z", "platform" to "ios",
            "schemaVersion" to 1, "scope" to "release", "updated" to "2026-11-30T00:00:00Z", "version" to "1.0.0"
        )
    )
}

private fun index(): String = JsonWriter.compact(
    linkedMapOf(
        "archive" to BASE, "baseURL" to BASE, "feed" to "${BASE}feed.xml", "language" to "en", "nextChangeAt" to null,
        "platforms" to linkedMapOf(
            "ios" to linkedMapOf(
                "currentRelease" to "1.0.0", "live" to "${BASE}api/v1/ios/live.json", "store" to null,
                "releases" to listOf(linkedMapOf("manifest" to "${BASE}api/v1/ios/1.0.0.json", "version" to "1.0.0"))
            )
        ),
        "schema" to "${BASE}api/v1/manifest.schema.json", "schemaVersion" to 1, "title" to "Bench",
        "updated" to "2026-11-30T00:00:00Z"
    )
)

private fun median(values: List<Double>): Double = values.sorted()[values.size / 2]

private fun milliseconds(work: () -> Unit): Double {
    val started = System.nanoTime()
    work()
    return (System.nanoTime() - started) / 1e6
}

fun main() {
    val manifest = manifest()
    val cdn = Cdn(
        mapOf(
            "${BASE}api/v1/index.json" to index().toByteArray(Charsets.UTF_8),
            "${BASE}api/v1/ios/1.0.0.json" to manifest.toByteArray(Charsets.UTF_8)
        )
    )
    val parse = ArrayList<Double>()
    val first = ArrayList<Double>()
    val poll = ArrayList<Double>()
    var archive = 0
    // The first rounds warm the JIT, as an app's first minutes would.
    repeat(20) { round ->
        val parsed = milliseconds { StrictDocument.parse(manifest) }
        HeraldClient(HeraldConfiguration(BASE, "ios", "1.0.0").apply {
            userId = "ada"
            transport = cdn
            storage = MemoryStorage()
            clock = ManualClock(Timestamp.parse("2026-11-30T12:00:00Z")!!)
            preferredLanguages = emptyList()
        }).use { herald ->
            val decided = milliseconds { archive = herald.refresh().get().archive.size }
            val polled = milliseconds { herald.refresh().get() }
            if (round >= 5) {
                parse.add(parsed)
                first.add(decided)
                poll.add(polled)
            }
        }
    }
    println("manifest: 1800 rows, %.1f MB; %d in the archive".format(manifest.length / 1e6, archive))
    println("strict parse of the manifest   %.1f ms".format(median(parse)))
    println("first decision                 %.1f ms (%.1fx)".format(median(first), median(first) / median(parse)))
    println("poll answered 304              %.1f ms".format(median(poll)))
}
