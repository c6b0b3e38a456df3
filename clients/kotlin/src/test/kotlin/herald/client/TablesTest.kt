package herald.client

import herald.client.conformance.Conformance
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.Base64

/** The tables every client must agree with, under conformance/: versions, locales, actions, bodies, limits. */
class TablesTest {
    private fun table(name: String): Map<*, *> = Conformance.read(name) as Map<*, *>

    private fun version(text: Any?): Version = Version.parse(text as String) ?: throw AssertionError("$text is a version")

    @Test
    fun versionsCompareAsTheTableSays() {
        val versions = table("versions.json")
        for (pair in versions["ordered"] as List<*>) {
            val (low, high) = (pair as List<*>).map { version(it) }
            assertTrue("$low < $high", low < high)
            assertTrue("$high > $low", high > low)
        }
        for (pair in versions["equal"] as List<*>) {
            val (a, b) = (pair as List<*>).map { version(it) }
            assertEquals("$a = $b", 0, a.compareTo(b))
            assertEquals("$a and $b hash alike", a.hashCode(), b.hashCode())
        }
        val chain = (versions["chain"] as List<*>).map { version(it) }
        for (index in 1 until chain.size) assertTrue("${chain[index - 1]} < ${chain[index]}", chain[index - 1] < chain[index])
        for (pair in versions["canonical"] as List<*>) {
            val (text, canonical) = pair as List<*>
            assertEquals("$text", canonical, version(text).canonical)
        }
        for (entry in versions["invalid"] as List<*>) {
            val text = (entry as Map<*, *>)["text"] as String
            assertNull("\"$text\" is not a version", Version.parse(text))
        }
    }

    @Test
    fun localesFollowTheTable() {
        val locales = table("locales.json")
        for (pair in locales["canonical"] as List<*>) {
            val (text, canonical) = pair as List<*>
            assertEquals("$text", canonical, Locales.canonical(text as String))
        }
        for (entry in locales["fallbacks"] as List<*>) {
            val fields = entry as Map<*, *>
            assertEquals("$fields", fields["chain"], Locales.fallbacks(fields["locale"] as String, fields["default"] as String))
        }
        for (entry in locales["editions"] as List<*>) {
            val fields = entry as Map<*, *>
            val edition = Locales.edition(
                (fields["preferred"] as List<*>).map { it as String }, (fields["available"] as List<*>).map { it as String },
                fields["default"] as String
            )
            assertEquals("$fields", fields["edition"], edition)
        }
    }

    @Test
    fun actionsClassifyAsTheTableSays() {
        val actions = table("actions.json")
        assertEquals(actions["refusedSchemes"], HeraldAction.refusedSchemes)
        assertEquals(actions["refusedASCII"], HeraldAction.REFUSED_ASCII)
        val ranges = (actions["refusedScalars"] as List<*>).map { pair ->
            val (low, high) = (pair as List<*>).map { (it as Double).toInt() }
            low..high
        }
        assertEquals(ranges, HeraldAction.refusedScalars)
        for (entry in actions["cases"] as List<*>) {
            val fields = entry as Map<*, *>
            val action = HeraldAction.classify(fields["text"] as String)
            assertEquals("${fields["text"]}: ${fields["why"]}", fields["kind"], action?.kind?.wireName)
        }
    }

    @Test
    fun malformedBodiesAreRefusedAndTheOthersRead() {
        val bodies = table("malformed.json")
        for (entry in bodies["refused"] as List<*>) {
            val fields = entry as Map<*, *>
            val bytes = Base64.getDecoder().decode(fields["base64"] as String)
            val text = StrictDocument.text(bytes)
            val decoded = text?.let { Documents.manifest(it) }
            assertTrue("${fields["name"]} (${fields["why"]}) is refused", decoded == null || decoded is Decoded.Failed)
        }
        for (entry in bodies["accepted"] as List<*>) {
            val fields = entry as Map<*, *>
            val text = StrictDocument.text(Base64.getDecoder().decode(fields["base64"] as String))
            assertNotNull("${fields["name"]} is UTF-8", text)
            val decoded = Documents.manifest(text!!)
            assertTrue("${fields["name"]} (${fields["why"]}) reads: ${(decoded as? Decoded.Failed)?.failure}", decoded is Decoded.Ok)
            assertEquals("${fields["name"]}", fields["ids"], (decoded as Decoded.Ok).value.announcements.map { it.id })
        }
    }

    @Test
    fun theLimitsAreTheProtocols() {
        val limits = table("limits.json")
        assertEquals((limits["maximumBodySize"] as Double).toInt(), HeraldLimits.MAXIMUM_BODY_SIZE)
        assertEquals((limits["maximumDepth"] as Double).toInt(), HeraldLimits.MAXIMUM_DEPTH)
        assertEquals((limits["defaultTimeout"] as Double).toLong() * 1000, HeraldLimits.DEFAULT_TIMEOUT_MILLIS)
        assertEquals((limits["minimumRemindAfter"] as Double).toLong(), HeraldLimits.MINIMUM_REMIND_AFTER)
        assertEquals((limits["maximumRemindAfter"] as Double).toLong(), HeraldLimits.MAXIMUM_REMIND_AFTER)
        val transport = table("transport.json")
        assertEquals(transport["acceptEncoding"], HeraldLimits.ACCEPT_ENCODING)
        assertEquals(transport["readableEncodings"], HeraldLimits.READABLE_ENCODINGS.sorted())
    }

    @Test
    fun timestampsReadAndWriteRfc3339() {
        assertEquals(1_796_040_000L, Timestamp.parse("2026-11-30T12:00:00Z")?.seconds)
        assertEquals(Timestamp.parse("2026-11-30T13:00:00+01:00"), Timestamp.parse("2026-11-30T12:00:00Z"))
        assertEquals("2026-11-30T12:00:00Z", Timestamp.parse("2026-11-30T12:00:00Z").toString())
        assertEquals("2024-02-29T00:00:00.5Z", Timestamp.parse("2024-02-29T00:00:00.500Z").toString())
        assertEquals("1969-12-31T23:59:59Z", Timestamp(-1).toString())
        assertNull(Timestamp.parse("2026-02-29"))
        assertNull(Timestamp.parse("2026-11-30T12:00:00"))
        assertNull(Timestamp.parse("2026-11-30T12:00:00.0000000001Z"))
        assertEquals(Timestamp.parse("2026-11-30"), Timestamp.parse("2026-11-30T00:00:00Z"))
    }

    @Test
    fun rolloutBucketsAreTheTables() {
        val cases = table("buckets.json")["cases"] as List<*>
        assertTrue(cases.size >= 12)
        for (entry in cases) {
            val case = entry as Map<*, *>
            val salt = case["salt"] as String
            val stableId = case["stableID"] as String
            assertEquals("$salt ${stableId.take(20)}", (case["bucket"] as Number).toInt(), RolloutBucket.of(salt, stableId))
        }
    }

    /** Issue 46, item 10: a lone surrogate was bucketed as "?" here and as U+FFFD in JavaScript. */
    @Test
    fun aLoneSurrogateBucketsAsTheReplacementCharacter() {
        val cases = table("buckets.json")["loneSurrogates"] as List<*>
        assertTrue(cases.size >= 3)
        for (entry in cases) {
            val case = entry as Map<*, *>
            val units = (case["stableIDUTF16"] as List<*>).map { (it as Number).toInt().toChar() }
            val stableId = String(units.toCharArray())
            assertEquals("$units", (case["bucket"] as Number).toInt(), RolloutBucket.of(case["salt"] as String, stableId))
        }
    }
}
