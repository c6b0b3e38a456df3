package herald.client

import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/** 2026-11-30T12:00:00Z, the conformance channels' first time. */
val NOW: Timestamp = Timestamp.parse("2026-11-30T12:00:00Z")!!

/** A clock moved by hand: scheduled tasks run when it reaches their time. */
class ManualClock(private var instant: Timestamp) : HeraldClock {
    private class Task(val at: Timestamp, val task: Runnable) {
        var cancelled = false
    }

    private val lock = ReentrantLock()
    private val changed = lock.newCondition()
    private val tasks = ArrayList<Task>()

    override fun now(): Timestamp = lock.withLock { instant }

    override fun schedule(at: Timestamp, task: Runnable): HeraldCancellable {
        val entry = Task(at, task)
        lock.withLock {
            tasks.add(entry)
            changed.signalAll()
        }
        return object : HeraldCancellable {
            override fun cancel() {
                lock.withLock {
                    entry.cancelled = true
                    changed.signalAll()
                }
            }
        }
    }

    /** Waits until a task is scheduled, and returns the earliest one's time. */
    fun awaitWake(): Timestamp = lock.withLock {
        var left = TimeUnit.SECONDS.toNanos(60)
        var next = earliest()
        while (next == null) {
            if (left <= 0) throw AssertionError("nothing was scheduled")
            left = changed.awaitNanos(left)
            next = earliest()
        }
        next
    }

    private fun earliest(): Timestamp? = tasks.filter { !it.cancelled }.map { it.at }.sortedWith(naturalOrder()).firstOrNull()

    /** Waits until no task is waiting (every one cancelled or run). */
    fun awaitIdle() = lock.withLock {
        var left = TimeUnit.SECONDS.toNanos(60)
        while (tasks.any { !it.cancelled }) {
            if (left <= 0) throw AssertionError("a task is still scheduled")
            left = changed.awaitNanos(left)
        }
    }

    /** Moves the clock and runs every task due by then. */
    fun advance(to: Timestamp) {
        val due = lock.withLock {
            instant = to
            val ready = tasks.filter { !it.cancelled && it.at <= to }
            tasks.removeAll(ready)
            changed.signalAll()
            ready
        }
        for (task in due) task.task.run()
    }
}

/** A client of a server's channel, with its own storage; a minute's deadline unless a test is about it. */
fun client(
    server: ChannelServer,
    version: String,
    platform: String = "ios",
    storage: HeraldStorage = MemoryStorage(),
    clock: HeraldClock = ManualClock(NOW),
    timeoutMillis: Long = 60_000,
    maximumBodySize: Int = HeraldLimits.MAXIMUM_BODY_SIZE,
    user: String? = "ada",
    configure: HeraldConfiguration.() -> Unit = {}
): HeraldClient = HeraldClient(HeraldConfiguration(server.baseURL, platform, version).apply {
    this.storage = storage
    this.clock = clock
    this.timeoutMillis = timeoutMillis
    this.maximumBodySize = maximumBodySize
    userId = user
    preferredLanguages = emptyList()
    configure()
})

/** A refresh's state, waited for (a test that hangs fails instead). */
fun HeraldClient.refreshed(): HeraldState = refresh().get(120, TimeUnit.SECONDS)
