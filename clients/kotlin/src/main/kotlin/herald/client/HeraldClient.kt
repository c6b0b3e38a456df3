package herald.client

import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.FutureTask
import java.util.concurrent.ThreadFactory

/** Called with every new state (Java implements it; Kotlin passes a lambda to [HeraldClient.addListener]). */
interface HeraldListener {
    /** The state changed; called on the configuration's callback executor. */
    fun onStateChanged(state: HeraldState)
}

/**
 * Herald's reader for Android and the JVM: fetches the channel, caches it, fails open, keeps seen
 * state per user, and decides what the app shows exactly as the Swift and TypeScript clients and
 * `herald explain` do.
 *
 * Nothing runs on the caller's thread: every operation runs on the client's own thread and
 * returns a [Future] of the state it leads to (never failing: every failure is in the state).
 * While anyone listens, the client polls at the manifest's `max-age` (bounded) and wakes at its
 * `nextChangeAt`. [close] stops everything, an exchange under way included.
 *
 * @throws IllegalArgumentException when the app version is not a version or the channel not an
 * absolute http(s) URL: programming errors, found at construction.
 */
class HeraldClient(private val configuration: HeraldConfiguration) : Herald {
    private val version: Version = checked(configuration)
    private val index: String = ChannelReader.indexURL(configuration.channel)
    private val clock = configuration.clock
    private val store = ClientStore(configuration.storage)
    private val ownTransport: HttpTransport? =
        if (configuration.transport == null) {
            HttpTransport(configuration.maximumBodySize, configuration.headers, configuration.userAgent)
        } else {
            null
        }
    private val worker: ExecutorService = Executors.newSingleThreadExecutor(daemon("herald-client"))
    private val fetcher: ExecutorService = Executors.newCachedThreadPool(daemon("herald-fetch"))
    private val reader: ChannelReader
    private val listeners = CopyOnWriteArrayList<HeraldListener>()

    // Written on the worker thread only; read from any.
    @Volatile
    private var current: HeraldState = HeraldState.EMPTY
    private var user: String = configuration.userId ?: DEVICE_USER
    private var accountCreatedAt: Timestamp? = configuration.accountCreatedAt
    private var last: ReadOutcome? = null

    // Guarded by the client itself.
    private var running: Future<HeraldState>? = null
    private var wake: HeraldCancellable? = null
    private var polling = false

    @Volatile
    private var closed = false

    init {
        val transport = configuration.transport ?: ownTransport ?: throw IllegalStateException("no transport")
        reader = ChannelReader(
            index, configuration.platform, { configuration.languages() }, transport, store,
            configuration.timeoutMillis, fetcher, configuration.channelKeys
        )
    }

    /** The state as last decided. */
    override val state: HeraldState get() = current

    /**
     * Fetches the channel (conditionally) and decides again: call it at launch and when the app
     * comes to the foreground. A refresh asked for while one runs joins it.
     */
    override fun refresh(): Future<HeraldState> = synchronized(this) {
        running?.let { if (!it.isDone) return it }
        val task = FutureTask<HeraldState> { fetchAndDecide() }
        running = task
        submit(task)
        task
    }

    /** Marks a message seen: a strip when dismissed, a dialog or takeover when closed (a wall never). */
    override fun markSeen(id: String): Future<HeraldState> = onWorker {
        store.addSeen(user, listOf(id), clock.now())
        decideAgain()
    }

    /** Marks every message of the archive seen, when the user opens the archive. */
    override fun markArchiveOpened(): Future<HeraldState> = onWorker {
        store.addSeen(user, current.archive.map { it.message.id }, clock.now())
        decideAgain()
    }

    /** Switches to another user (null: the device): their own seen list and account age apply from now on. */
    override fun setUser(userId: String?, accountCreatedAt: Timestamp?): Future<HeraldState> = onWorker {
        user = userId ?: DEVICE_USER
        this.accountCreatedAt = accountCreatedAt
        decideAgain()
    }

    /**
     * Calls the listener with every new state, on the configuration's callback executor. While
     * anyone listens, the client refreshes, polls and wakes at `nextChangeAt`. Cancel the
     * subscription when the screen goes away (the client holds the listener until then).
     */
    override fun addListener(listener: HeraldListener): HeraldCancellable {
        listeners.add(listener)
        synchronized(this) {
            if (!polling && !closed) {
                polling = true
                refreshAndPoll()
            }
        }
        return object : HeraldCancellable {
            override fun cancel() {
                listeners.remove(listener)
                synchronized(this@HeraldClient) {
                    if (listeners.isEmpty()) stopPolling()
                }
            }
        }
    }

    /** Stops polling, forgets the listeners and ends any exchange under way; the client does nothing after. */
    override fun close() {
        closed = true
        synchronized(this) { stopPolling() }
        listeners.clear()
        worker.shutdownNow()
        fetcher.shutdownNow()
        // A socket read is not interruptible: the client's own transport hangs up its exchanges.
        ownTransport?.close()
    }

    private fun fetchAndDecide(): HeraldState {
        last = reader.read(version, clock.now())
        return decideAgain()
    }

    /** Decides again from the last rows at the clock's time, without fetching. */
    private fun decideAgain(): HeraldState {
        if (closed) return current
        val outcome = last ?: return current
        val now = clock.now()
        val rows = when (val source = outcome.source) {
            is ManifestSource.Fresh -> source.rows
            is ManifestSource.Cached -> source.rows
            is ManifestSource.Unavailable -> emptyList()
        }
        // A reminder whose time has come is unseen again.
        val seen = DecisionRules.stillSeen(store.seenMarks(user, now), rows, now)
        // A rollout's buckets come from the signed-in user's id, else from the install's own.
        val stableId = configuration.stableId ?: if (user == DEVICE_USER) store.installId() else user
        val decision = DecisionRules.decide(outcome.source, now, seen, accountCreatedAt, stableId)
        val next = HeraldState.of(decision, outcome.source, seen, outcome.scope, outcome.nextChangeAt, outcome.locale)
        if (next != current) {
            current = next
            notifyListeners(next)
        }
        return current
    }

    private fun notifyListeners(state: HeraldState) {
        for (listener in listeners) {
            val call = Runnable { if (!closed) listener.onStateChanged(state) }
            val executor = configuration.callbackExecutor
            if (executor == null) call.run() else executor.execute(call)
        }
    }

    /** Runs an operation on the worker, its state as the future's. */
    private fun onWorker(operation: () -> HeraldState): Future<HeraldState> {
        val task = FutureTask<HeraldState> { operation() }
        submit(task)
        return task
    }

    private fun submit(task: FutureTask<HeraldState>) {
        try {
            worker.execute(task)
        } catch (rejected: java.util.concurrent.RejectedExecutionException) {
            // Closed: the state stays as it was.
            task.cancel(false)
        }
    }

    private fun refreshAndPoll() {
        val refreshed = refresh()
        submitPlain { schedulePoll(refreshed) }
    }

    /** After a refresh, sleeps until the next poll, or until nextChangeAt when that comes first. */
    private fun schedulePoll(refreshed: Future<HeraldState>) {
        try {
            refreshed.get()
        } catch (error: Exception) {
            return
        }
        synchronized(this) {
            if (!polling || closed) return
            val now = clock.now()
            val maximum = configuration.maximumPollIntervalMillis
            val minimum = Math.min(configuration.minimumPollIntervalMillis, maximum)
            val age = last?.maxAgeSeconds?.let { it * 1000 } ?: maximum
            val poll = now.plusMilliseconds(Math.min(Math.max(age, minimum), maximum))
            val change = last?.nextChangeAt
            val wakesForChange = change != null && change > now && change < poll
            val at = if (wakesForChange && change != null) change else poll
            wake = clock.schedule(at, Runnable {
                submitPlain {
                    if (wakesForChange) decideAgain()
                    synchronized(this) { if (polling && !closed) refreshAndPoll() }
                }
            })
        }
    }

    private fun submitPlain(task: () -> Unit) {
        try {
            worker.execute(task)
        } catch (rejected: java.util.concurrent.RejectedExecutionException) {
            // Closed.
        }
    }

    private fun stopPolling() {
        polling = false
        wake?.cancel()
        wake = null
    }

    private companion object {
        const val DEVICE_USER = "_device"

        /** The app's version, once every setting is found sound (before any thread starts). */
        fun checked(configuration: HeraldConfiguration): Version {
            require(configuration.timeoutMillis > 0) { "timeoutMillis must be positive" }
            require(configuration.maximumPollIntervalMillis > 0) { "maximumPollIntervalMillis must be positive" }
            require(configuration.maximumBodySize > 0) { "maximumBodySize must be positive" }
            require(configuration.minimumPollIntervalMillis > 0) { "minimumPollIntervalMillis must be positive" }
            return Version.parse(configuration.appVersion)
                ?: throw IllegalArgumentException("the app version \"${configuration.appVersion}\" is not a version")
        }

        fun daemon(name: String) = ThreadFactory { task -> Thread(task, name).also { it.isDaemon = true } }
    }
}
