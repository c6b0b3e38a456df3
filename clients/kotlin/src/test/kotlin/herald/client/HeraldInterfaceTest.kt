package herald.client

import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Future
import java.util.concurrent.TimeUnit
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine

/** The interface an app fakes, and the suspending calls a coroutine makes, with the standard library alone. */
class HeraldInterfaceTest {
    private val server = ChannelServer()

    @After
    fun stop() = server.close()

    /** Runs a suspending block to its end from a test's thread (what runBlocking does, without kotlinx). */
    private fun <T> waitFor(block: suspend () -> T): T {
        val done = CountDownLatch(1)
        val outcome = CompletableFuture<T>()
        block.startCoroutine(Continuation(EmptyCoroutineContext) { result ->
            result.fold({ outcome.complete(it) }, { outcome.completeExceptionally(it) })
            done.countDown()
        })
        assertTrue("the coroutine finished", done.await(120, TimeUnit.SECONDS))
        return outcome.get()
    }

    /** What an app's own test writes: a reader that answers at once, recording what it is told. */
    private class FakeHerald(override val state: HeraldState) : Herald {
        val seen = mutableListOf<String>()

        private fun now(): Future<HeraldState> = CompletableFuture.completedFuture(state)
        override fun refresh() = now()
        override fun markSeen(id: String): Future<HeraldState> {
            seen.add(id)
            return now()
        }
        override fun markArchiveOpened() = now()
        override fun setUser(userId: String?, accountCreatedAt: Timestamp?) = now()
        override fun addListener(listener: HeraldListener): HeraldCancellable {
            listener.onStateChanged(state)
            return object : HeraldCancellable {
                override fun cancel() {}
            }
        }
        override fun close() {}
    }

    @Test
    fun anAppFakesTheReaderThroughItsInterface() {
        val fake = FakeHerald(HeraldState.EMPTY)
        val herald: Herald = fake
        var heard: HeraldState? = null
        herald.addListener { heard = it }
        assertSame(HeraldState.EMPTY, heard)
        assertSame(HeraldState.EMPTY, waitFor { herald.markSeenNow("welcome") })
        assertEquals(listOf("welcome"), fake.seen)
    }

    @Test
    fun theSuspendingCallsGiveWhatTheFuturesGive() {
        client(server, "1.9.0").use { herald ->
            val fresh = waitFor { herald.refreshNow() }
            assertEquals(herald.refreshed(), fresh)
            val shown = fresh.interruption?.message?.id ?: throw AssertionError("nothing shown")
            val marked = waitFor { herald.markSeenNow(shown) }
            assertEquals(fresh.badge - 1, marked.badge)
            val other = waitFor { herald.setUserNow("grace", null) }
            assertEquals(shown, other.interruption?.message?.id)
            assertEquals(0, waitFor { herald.markArchiveOpenedNow() }.badge)
        }
    }
}
