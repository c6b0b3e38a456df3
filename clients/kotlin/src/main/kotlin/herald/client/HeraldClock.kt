package herald.client

import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit

/** Something under way that can be stopped: a listener's subscription, a scheduled wake. */
interface HeraldCancellable {
    /** Stops it; calling it again does nothing. */
    fun cancel()
}

/** The client's clock: the time it decides at, and the wakes it schedules (tests give one they move by hand). */
interface HeraldClock {
    /** The current time. */
    fun now(): Timestamp

    /** Runs a task at a time (at once for a time past), on a thread of the clock's. */
    fun schedule(at: Timestamp, task: Runnable): HeraldCancellable

    companion object {
        /** The system's clock, with one daemon timer thread. */
        @JvmField
        val SYSTEM: HeraldClock = SystemClock
    }
}

private object SystemClock : HeraldClock {
    private val timer: ScheduledExecutorService = Executors.newSingleThreadScheduledExecutor(
        ThreadFactory { task -> Thread(task, "herald-timer").also { it.isDaemon = true } }
    )

    override fun now(): Timestamp = Timestamp.ofEpochMilliseconds(System.currentTimeMillis())

    override fun schedule(at: Timestamp, task: Runnable): HeraldCancellable {
        val delay = Math.max(0L, at.epochMilliseconds - System.currentTimeMillis())
        val future = timer.schedule(task, delay, TimeUnit.MILLISECONDS)
        return object : HeraldCancellable {
            override fun cancel() {
                future.cancel(false)
            }
        }
    }
}
