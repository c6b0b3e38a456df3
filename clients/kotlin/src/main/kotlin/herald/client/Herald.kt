package herald.client

import java.io.Closeable
import java.util.concurrent.ExecutionException
import java.util.concurrent.Future
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlin.coroutines.suspendCoroutine

/**
 * What an app calls on Herald's reader: [HeraldClient] implements it, and an app's tests give a
 * fake of their own (a fixed state, a recorded `markSeen`) without a network or a thread.
 *
 * Every operation returns a [Future] of the state it leads to, never failing (every failure is in
 * the state); from a coroutine, the `…Now()` functions below wait for it without blocking a thread.
 */
interface Herald : Closeable {
    /** The state as last decided. */
    val state: HeraldState

    /** Fetches the channel (conditionally) and decides again: at launch and on foreground. */
    fun refresh(): Future<HeraldState>

    /** Marks a message seen: a strip when dismissed, a dialog or takeover when closed (a wall never). */
    fun markSeen(id: String): Future<HeraldState>

    /** Marks every message of the archive seen, when the user opens the archive. */
    fun markArchiveOpened(): Future<HeraldState>

    /** Switches to another user (null: the device): their own seen list and account age apply from now on. */
    fun setUser(userId: String?, accountCreatedAt: Timestamp?): Future<HeraldState>

    /** Calls the listener with every new state while subscribed; the client polls meanwhile. */
    fun addListener(listener: HeraldListener): HeraldCancellable

    /** [addListener] for a Kotlin lambda. */
    fun addListener(listener: (HeraldState) -> Unit): HeraldCancellable =
        addListener(object : HeraldListener {
            override fun onStateChanged(state: HeraldState) = listener(state)
        })
}

/** [Herald.refresh], suspending until the state is decided. */
suspend fun Herald.refreshNow(): HeraldState = refresh().awaitOffThread()

/** [Herald.markSeen], suspending until the state is decided. */
suspend fun Herald.markSeenNow(id: String): HeraldState = markSeen(id).awaitOffThread()

/** [Herald.markArchiveOpened], suspending until the state is decided. */
suspend fun Herald.markArchiveOpenedNow(): HeraldState = markArchiveOpened().awaitOffThread()

/** [Herald.setUser], suspending until the state is decided. */
suspend fun Herald.setUserNow(userId: String?, accountCreatedAt: Timestamp?): HeraldState =
    setUser(userId, accountCreatedAt).awaitOffThread()

/**
 * Waits for a future on a thread of its own and resumes the coroutine with its value, so the
 * caller's thread (the main one) is never blocked. The client's futures complete within its
 * refresh deadline, or at once once it is closed.
 */
private suspend fun <T> Future<T>.awaitOffThread(): T = suspendCoroutine { continuation ->
    if (isDone) {
        continuation.resumeWith(runCatching { getUnwrapped() })
        return@suspendCoroutine
    }
    Thread({
        try {
            continuation.resume(getUnwrapped())
        } catch (failure: Throwable) {
            continuation.resumeWithException(failure)
        }
    }, "herald-await").apply { isDaemon = true }.start()
}

private fun <T> Future<T>.getUnwrapped(): T =
    try {
        get()
    } catch (failure: ExecutionException) {
        throw failure.cause ?: failure
    }
