package herald.client

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Test

/** Seen marks with their times: an earlier version's list migrates without losing an id, and a reminder comes back at its time. */
class SeenMarksTest {
    private fun time(text: String): Timestamp = Timestamp.parse(text) ?: throw AssertionError(text)

    private fun row(id: String, remindAfter: Long?) = ManifestRow(
        id = id, severity = Severity.IMPORTANT, kind = Kind.NOTICE, title = id, body = Body(emptyList(), emptyList()),
        html = "", blocking = false, publishedAt = time("2026-11-01T00:00:00Z"), url = "", remindAfter = remindAfter
    )

    @Test
    fun anEarlierListIsReadAsMarkedNowAndKeptSo() {
        val storage = MemoryStorage()
        storage.set("herald:seen:" + Fnv.hash("ada"), "[\"a\",\"b\"]")
        val store = ClientStore(storage)
        val now = time("2026-11-30T12:00:00Z")
        assertEquals(mapOf("a" to now, "b" to now), store.seenMarks("ada", now))
        assertEquals(
            "{\"a\":\"2026-11-30T12:00:00Z\",\"b\":\"2026-11-30T12:00:00Z\"}",
            storage.get("herald:seen:" + Fnv.hash("ada"))
        )
        store.addSeen("ada", listOf("b"), time("2026-12-01T00:00:00Z"))
        val later = time("2026-12-07T12:00:00Z")
        val rows = listOf(row("a", 604_800), row("b", 604_800))
        // a reminds a week after its migration; b, marked again a day later, is not due yet.
        assertEquals(setOf("b"), DecisionRules.stillSeen(store.seenMarks("ada", later), rows, later))
    }

    @Test
    fun aRolloutReachesByBucketAndTime() {
        val rollout = Rollout("rollout-dialog", listOf(Rollout.Step(time("2026-11-20T00:00:00Z"), 500)))
        assertEquals(69, RolloutBucket.of("rollout-dialog", "user-11"))
        assertEquals(500, rollout.share(time("2026-11-30T00:00:00Z")))
        assertEquals(0, rollout.share(time("2026-11-19T00:00:00Z")))
    }

    /** Issue 48: rows were compared by a joined signature that left out rollout and remindAfter. */
    @Test
    fun rowsDifferingInTheirRolloutOrReminderAreNotEqual() {
        val plain = row("a", null)
        assertEquals(plain, row("a", null))
        assertEquals(plain.hashCode(), row("a", null).hashCode())
        assertNotEquals(plain, row("a", 604_800))
        val rolled = plain.copy(rollout = Rollout("a", listOf(Rollout.Step(time("2026-11-20T00:00:00Z"), 500))))
        assertNotEquals(plain, rolled)
        assertNotEquals(HeraldMessage(plain), HeraldMessage(rolled))
        assertEquals(HeraldMessage(rolled), HeraldMessage(rolled.copy()))
    }

    /** Issue 48, item 6: every poll read the stored copy again and parsed it, 23-25 ms of a 25 ms poll at 5 MB. */
    @Test
    fun aDocumentIsStoredUnescapedAndReadFromStorageOncePerURL() {
        var reads = 0
        val inner = MemoryStorage()
        val counting = object : HeraldStorage {
            override fun get(key: String): String? {
                reads++
                return inner.get(key)
            }

            override fun set(key: String, value: String) = inner.set(key, value)
        }
        val body = "{\"text\": \"a \\\"quoted\\\" word\"}"
        ClientStore(counting).keep("https://x.example/a.json", ClientStore.CachedDocument(body, "\"v1\"", null))
        val kept = inner.get("herald:document:" + Fnv.hash("https://x.example/a.json")) ?: ""
        assertEquals(true, kept.endsWith("\n" + body))
        val store = ClientStore(counting)
        reads = 0
        repeat(3) { assertEquals(body, store.document("https://x.example/a.json")?.body) }
        assertEquals(1, reads)
        // What an earlier version stored: one JSON object.
        inner.set(
            "herald:document:" + Fnv.hash("https://x.example/b.json"),
            JsonWriter.compact(linkedMapOf("body" to body, "etag" to "\"v0\"", "lastModified" to null))
        )
        assertEquals("\"v0\"", store.document("https://x.example/b.json")?.etag)
    }
}
