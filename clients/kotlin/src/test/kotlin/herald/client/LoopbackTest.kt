package herald.client

import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.ByteArrayOutputStream
import java.net.ServerSocket
import java.nio.file.Files
import java.util.zip.GZIPOutputStream

/** HeraldClient against a real server on loopback: versions, every fault, caching, users, deadlines. */
class LoopbackTest {
    private val server = ChannelServer()
    private val clients = ArrayList<HeraldClient>()

    @After
    fun stop() {
        for (client in clients) client.close()
        server.close()
    }

    private fun make(
        version: String,
        storage: HeraldStorage = MemoryStorage(),
        timeoutMillis: Long = 60_000,
        maximumBodySize: Int = HeraldLimits.MAXIMUM_BODY_SIZE,
        configure: HeraldConfiguration.() -> Unit = {}
    ): HeraldClient = client(
        server, version, storage = storage, timeoutMillis = timeoutMillis, maximumBodySize = maximumBodySize,
        configure = configure
    ).also { clients.add(it) }

    @Test
    fun aListedReleaseReadsItsManifestFoundByVersionComparison() {
        val state = make("1.0.0").refreshed()
        assertEquals(Freshness.FRESH, state.freshness)
        assertEquals(ManifestScope.RELEASE, state.manifest)
        assertEquals("wall-1-0", state.wall?.id)
        assertEquals(1, server.requestsFor("/news/api/v1/ios/1.0.0.json").size)
        val spelled = make("1.0").refreshed()
        assertEquals("1.0 is the release listed as 1.0.0", ManifestScope.RELEASE, spelled.manifest)
        assertEquals("wall-1-0", spelled.wall?.id)
    }

    @Test
    fun anUnlistedVersionReadsLiveJsonAndIsWalledAsAListedOne() {
        // The fixture's wall has maxVersion 1.0.9: 1.0.5 is unlisted and inside it (the cases agree).
        val hotfix = make("1.0.5").refreshed()
        assertEquals(ManifestScope.LIVE, hotfix.manifest)
        assertEquals("wall-1-0", hotfix.wall?.id)
        assertEquals(1, server.requestsFor("/news/api/v1/ios/live.json").size)
        val later = make("1.5").refreshed()
        assertEquals(ManifestScope.LIVE, later.manifest)
        assertNull(later.wall)
    }

    private val faults: List<Pair<String, ChannelServer.Fault>> = listOf(
        "a 500" to ChannelServer.Fault.Status(500),
        "a 404" to ChannelServer.Fault.Status(404),
        "truncated JSON" to ChannelServer.Fault.Body("{\"schemaVersion\": 1, \"scope\": \"rel".toByteArray()),
        "a body that is not JSON" to ChannelServer.Fault.Body("<html>maintenance</html>".toByteArray()),
        "an unknown schemaVersion" to ChannelServer.Fault.Body("{\"schemaVersion\": 2, \"announcements\": []}".toByteArray()),
        "a body over the limit" to ChannelServer.Fault.Body(ByteArray(200_000) { 0x20 }),
        "a body cut mid-way" to ChannelServer.Fault.Cut
    )

    @Test
    fun everyFaultFailsOpenNothingWithoutACacheArchiveAndBadgeWithOne() {
        val manifest = "/news/api/v1/ios/1.0.0.json"
        for ((name, fault) in faults) {
            val storage = MemoryStorage()
            server.inject(manifest, fault)
            val cold = make("1.0.0", storage, maximumBodySize = 100_000).refreshed()
            assertTrue("$name: $cold", cold.wall == null && cold.interruption == null && cold.archive.isEmpty())
            assertEquals("$name: ${cold.failure}", Freshness.UNAVAILABLE, cold.freshness)
            server.inject(manifest, null)
            val good = make("1.0.0", storage).refreshed()
            assertEquals(name, "wall-1-0", good.wall?.id)
            server.inject(manifest, fault)
            val warm = make("1.0.0", storage, maximumBodySize = 100_000).refreshed()
            assertTrue("$name: a cached wall is no wall", warm.wall == null && warm.interruption == null)
            assertEquals(name, good.archive.map { it.message.id }, warm.archive.map { it.message.id })
            assertEquals(name, good.badge, warm.badge)
            assertEquals("$name: ${warm.failure}", Freshness.CACHED, warm.freshness)
            server.inject(manifest, null)
        }
    }

    @Test
    fun aGzipBombStopsAtTheBodyLimitCountedInDecodedBytes() {
        val compressed = ByteArrayOutputStream()
        GZIPOutputStream(compressed).use { gzip ->
            val spaces = ByteArray(1_000_000) { 0x20 }
            for (megabyte in 0 until 50) gzip.write(spaces)
        }
        server.inject("/news/api/v1/ios/1.0.0.json", ChannelServer.Fault.Gzip(compressed.toByteArray()))
        val state = make("1.0.0").refreshed()
        assertEquals(Freshness.UNAVAILABLE, state.freshness)
        assertTrue("${state.failure}", state.failure is HeraldFailure.TooLarge)
    }

    @Test
    fun aGzipBodyIsReadDecoded() {
        val document = client(server, "1.0.0").use { it.refreshed() }
        val compressed = ByteArrayOutputStream()
        val body = server.requestsFor("/news/api/v1/ios/1.0.0.json").size
        assertEquals(1, body)
        // The server's own document, compressed.
        val plain = java.net.URL(server.baseURL + "api/v1/ios/1.0.0.json").readBytes()
        GZIPOutputStream(compressed).use { it.write(plain) }
        server.inject("/news/api/v1/ios/1.0.0.json", ChannelServer.Fault.Gzip(compressed.toByteArray()))
        val state = make("1.0.0").refreshed()
        assertEquals(Freshness.FRESH, state.freshness)
        assertEquals(document.wall?.id, state.wall?.id)
        val sent = server.requestsFor("/news/api/v1/ios/1.0.0.json").last().headers["Accept-encoding"]
        assertEquals(listOf("gzip"), sent)
    }

    @Test
    fun aFailedIndexFailsOpenAndARefusedConnectionToo() {
        server.inject("/news/api/v1/index.json", ChannelServer.Fault.Status(503))
        val index = make("1.0.0").refreshed()
        assertTrue(index.wall == null && index.archive.isEmpty())
        assertEquals(503, (index.failure as HeraldFailure.Status).status)
        val port = ServerSocket(0).use { it.localPort }
        val refused = HeraldClient(HeraldConfiguration("http://127.0.0.1:$port/", "ios", "1.0.0").apply {
            clock = ManualClock(NOW)
        }).also { clients.add(it) }.refreshed()
        assertTrue(refused.wall == null && refused.archive.isEmpty())
        assertTrue("${refused.failure}", refused.failure is HeraldFailure.Network)
    }

    @Test
    fun aResponseThatStallsPastTheTimeoutFailsOpenAtTheTimeout() {
        for (timeout in listOf(500L, 1500L)) {
            server.inject("/news/api/v1/ios/1.0.0.json", ChannelServer.Fault.Stall)
            val started = System.nanoTime()
            val state = make("1.0.0", timeoutMillis = timeout).refreshed()
            val elapsed = (System.nanoTime() - started) / 1_000_000
            assertTrue("${state.failure}", state.failure is HeraldFailure.TimedOut)
            assertNull(state.wall)
            assertTrue("timed out after $elapsed ms, before $timeout", elapsed >= timeout)
        }
    }

    @Test
    fun aWholeRefreshHasOneDeadline() {
        server.inject("/news/api/v1/index.json", ChannelServer.Fault.Delay(800))
        server.inject("/news/api/v1/ios/1.0.0.json", ChannelServer.Fault.Delay(800))
        val state = make("1.0.0", timeoutMillis = 1200).refreshed()
        assertTrue("${state.failure}", state.failure is HeraldFailure.TimedOut)
        assertNull(state.wall)
    }

    @Test
    fun aSecondRefreshSendsTheETagAndA304KeepsTheRowsFresh() {
        val herald = make("1.0.0")
        val first = herald.refreshed()
        val second = herald.refreshed()
        assertEquals(first, second)
        assertEquals(Freshness.FRESH, second.freshness)
        val requests = server.requestsFor("/news/api/v1/ios/1.0.0.json")
        assertEquals(listOf(200, 304), requests.map { it.status })
        assertNotNull(requests.last().ifNoneMatch)
    }

    @Test
    fun anAppsOwnHeadersAndUserAgentGoWithEveryRequest() {
        make("1.0.0") {
            headers = mapOf("X-Api-Key" to "k1")
            userAgent = "Pebble/2.1 (Android)"
        }.refreshed()
        for (request in server.requests) {
            assertEquals(listOf("k1"), request.headers["X-api-key"])
            assertEquals(listOf("Pebble/2.1 (Android)"), request.headers["User-agent"])
        }
        assertEquals(2, server.requests.size)
    }

    @Test
    fun aColdStartWithoutNetworkShowsTheCachedArchiveFromDiskAndNothingMore() {
        val folder = Files.createTempDirectory("herald-kotlin").toFile()
        try {
            val online = make("1.1.0", FileStorage(folder)).refreshed()
            assertNotNull(online.interruption)
            server.close()
            val offline = make("1.1.0", FileStorage(folder)).refreshed()
            assertTrue(offline.interruption == null && offline.wall == null)
            assertEquals(Freshness.CACHED, offline.freshness)
            assertEquals(online.archive.map { it.message.id }, offline.archive.map { it.message.id })
        } finally {
            folder.deleteRecursively()
        }
    }

    @Test
    fun twoUsersOnOneDeviceEachHaveTheirOwnSeenList() {
        val folder = Files.createTempDirectory("herald-kotlin").toFile()
        try {
            val herald = make("1.1.0", FileStorage(folder))
            val first = herald.refreshed()
            val shown = first.interruption?.message?.id ?: throw AssertionError("an interruption shows")
            val marked = herald.markSeen(shown).get()
            assertNotEquals(shown, marked.interruption?.message?.id)
            assertEquals(first.badge - 1, marked.badge)
            val other = herald.setUser("grace", null).get()
            assertEquals("another user has not seen it", shown, other.interruption?.message?.id)
            val back = herald.setUser("ada", null).get()
            assertNotEquals(shown, back.interruption?.message?.id)
            assertEquals(true, back.archive.firstOrNull { it.message.id == shown }?.seen)
        } finally {
            folder.deleteRecursively()
        }
    }

    @Test
    fun listenersWakeAtNextChangeAtAndAnExpiringMessageLeavesOnTime() {
        // Two minutes before the change, so it comes before the next poll (five minutes away).
        val clock = ManualClock(Timestamp.parse("2026-11-30T23:58:00Z")!!)
        val herald = client(server, "1.0.0", clock = clock).also { clients.add(it) }
        val states = java.util.concurrent.LinkedBlockingQueue<HeraldState>()
        val subscription = herald.addListener { state -> states.put(state) }
        val first = states.poll(60, java.util.concurrent.TimeUnit.SECONDS) ?: throw AssertionError("a first state")
        assertTrue(first.archive.any { it.message.id == "expiring" })
        val change = Timestamp.parse("2026-12-01T00:00:00Z")!!
        assertEquals(change, first.nextChangeAt)
        assertEquals("the client wakes at the document's nextChangeAt, before its next poll", change, clock.awaitWake())
        clock.advance(change)
        val next = states.poll(60, java.util.concurrent.TimeUnit.SECONDS) ?: throw AssertionError("a state at the change")
        assertTrue("it left on time", next.archive.none { it.message.id == "expiring" })
        clock.awaitWake()
        subscription.cancel()
        clock.awaitIdle()
        val requests = server.requests.size
        clock.advance(change.plusMilliseconds(3_600_000))
        assertEquals("no polling once nobody listens", requests, server.requests.size)
    }

    @Test
    fun closeEndsAnExchangeUnderWay() {
        server.inject("/news/api/v1/ios/1.0.0.json", ChannelServer.Fault.Stall)
        val herald = make("1.0.0")
        val refresh = herald.refresh()
        server.awaitRequest("/news/api/v1/ios/1.0.0.json")
        val started = System.nanoTime()
        herald.close()
        try {
            refresh.get(10, java.util.concurrent.TimeUnit.SECONDS)
        } catch (cancelled: java.util.concurrent.CancellationException) {
            // Cancelled with the client: as good as an end.
        } catch (ended: java.util.concurrent.ExecutionException) {
            // Interrupted: ended too.
        }
        assertTrue("closed within a second", (System.nanoTime() - started) / 1_000_000 < 1000)
        assertEquals(HeraldState.EMPTY, herald.state)
    }

    @Test
    fun aBadVersionIsAProgrammingErrorAtConstruction() {
        try {
            HeraldClient(HeraldConfiguration(server.baseURL, "ios", "one"))
            throw AssertionError("no exception")
        } catch (expected: IllegalArgumentException) {
            assertTrue(expected.message!!.contains("\"one\" is not a version"))
        }
        try {
            HeraldClient(HeraldConfiguration("linewise.example/whats-new", "ios", "1.0"))
            throw AssertionError("no exception")
        } catch (expected: IllegalArgumentException) {
            assertTrue(expected.message!!.contains("not an absolute http(s) URL"))
        }
    }
}
