package herald.client.conformance

import herald.client.ClientStore
import herald.client.HeraldFailure
import herald.client.HeraldClient
import herald.client.HeraldClock
import herald.client.HeraldLimits
import herald.client.HeraldCancellable
import herald.client.HeraldChannelKeys
import herald.client.HeraldConfiguration
import herald.client.HeraldMessage
import herald.client.HeraldResponse
import herald.client.HeraldState
import herald.client.HeraldStorage
import herald.client.HeraldTransport
import herald.client.JsonWriter
import herald.client.MemoryStorage
import herald.client.MemoryTransport
import herald.client.StrictDocument
import herald.client.Timestamp
import java.io.File
import java.util.Base64

/** The conformance cases of conformance/client/, as docs/client-protocol.md describes them. */
object Conformance {
    /** The repository's conformance folder: `-Dherald.conformance=…`, else found from the working folder. */
    val folder: File by lazy {
        System.getProperty("herald.conformance")?.let { return@lazy File(it) }
        var candidate: File? = File(".").absoluteFile
        while (candidate != null) {
            val found = File(candidate, "conformance/client")
            if (found.isDirectory) return@lazy File(candidate, "conformance")
            candidate = candidate.parentFile
        }
        throw IllegalStateException("no conformance folder above ${File(".").absolutePath}")
    }

    /** A JSON file of the conformance folder, parsed. */
    fun read(relative: String): Any? = parse(File(folder, relative).readText(Charsets.UTF_8))

    /** JSON text, parsed (by the client's own strict reader). */
    fun parse(text: String): Any? = when (val parsed = StrictDocument.parse(text)) {
        is StrictDocument.Parsed.Value -> parsed.value
        is StrictDocument.Parsed.Problem -> throw IllegalArgumentException(parsed.reason)
    }

    /** One case. */
    class Case(val file: String, val members: Map<*, *>) {
        val name: String get() = members["name"] as String
        val channel: String get() = members["channel"] as String
        val input: Map<*, *> get() = members["input"] as Map<*, *>
        val faults: Map<*, *> get() = members["faults"] as Map<*, *>
        val cached: List<*> get() = members["cached"] as List<*>
        val expected: Any? get() = members["expected"]
        override fun toString(): String = file
    }

    /** Every case, in file-name order. */
    fun cases(): List<Case> {
        val names = File(folder, "client/cases").list()?.filter { it.endsWith(".json") }?.sorted() ?: emptyList()
        return names.map { Case(it, read("client/cases/$it") as Map<*, *>) }
    }

    /** A channel's base URL and its documents by URL, each as text written as herald writes it. */
    fun channel(name: String): Pair<String, Map<String, String>> {
        val channel = read("client/channels/$name.json") as Map<*, *>
        val base = channel["baseURL"] as String
        val documents = LinkedHashMap<String, String>()
        // A signed channel's documents are its exact text: its statement hashes the bytes.
        for ((path, text) in channel["documentText"] as? Map<*, *> ?: emptyMap<Any, Any>()) {
            documents[base + path] = text as String
        }
        for ((path, value) in channel["documents"] as? Map<*, *> ?: emptyMap<Any, Any>()) {
            documents[base + path] = JsonWriter.pretty(value)
        }
        return Pair(base, documents)
    }

    /** The state in the form of the cases' `expected`. */
    fun value(state: HeraldState): Map<String, Any?> {
        fun describe(message: HeraldMessage?, shape: String?): Any? {
            if (message == null) return null
            val fields = linkedMapOf<String, Any?>(
                "id" to message.id,
                "action" to message.action?.let { linkedMapOf("kind" to it.kind.wireName, "target" to it.target) },
                "label" to message.actionLabel
            )
            if (shape != null) fields["shape"] = shape
            return fields
        }
        val value = linkedMapOf(
            "wall" to describe(state.wall, null),
            "interruption" to state.interruption?.let { describe(it.message, it.shape.wireName) },
            "badge" to state.badge,
            "archive" to state.archive.map { linkedMapOf("id" to it.message.id, "seen" to it.seen) },
            "freshness" to state.freshness.wireName,
            "manifest" to state.manifest?.let { if (it.name == "RELEASE") "release" else "live" },
            "nextChangeAt" to state.nextChangeAt?.toString(),
            "locale" to state.locale
        )
        // A signed channel's failure is named, the same in every client; the other reasons depend
        // on how a fault reaches each platform's transport, and are not compared.
        (state.failure as? HeraldFailure.Statement)?.let { value["failure"] = it.kind }
        return value
    }

    /** Whether a fault still gives the reader the document as built (conformance/transport.json). */
    private fun readsWhole(fault: Map<*, *>): Boolean {
        val label = fault["contentEncoding"] as? String
        if (label != null) return label.toLowerCase(java.util.Locale.ROOT) in HeraldLimits.READABLE_ENCODINGS
        return fault.containsKey("trailing")
    }

    /** The response a case's fault stands for, in memory. */
    private fun response(fault: Map<*, *>): HeraldResponse {
        (fault["status"] as? Double)?.let { return HeraldResponse.Failed(HeraldFailure.Status(it.toInt())) }
        if (fault["timeout"] == true) return HeraldResponse.Failed(HeraldFailure.TimedOut)
        if (fault["network"] == true || fault["cut"] == true) return HeraldResponse.Failed(HeraldFailure.Network("refused"))
        if (fault["oversized"] == true) return HeraldResponse.Failed(HeraldFailure.TooLarge(5_000_000))
        if (fault.containsKey("contentEncoding") || fault.containsKey("contentLengthDelta")) {
            return HeraldResponse.Failed(HeraldFailure.Unreadable("not read whole"))
        }
        val bytes = (fault["bodyBase64"] as? String)?.let { Base64.getDecoder().decode(it) }
            ?: (fault["body"] as? String ?: "").toByteArray(Charsets.UTF_8)
        return HeraldResponse.Ok(bytes, null, null, null)
    }

    /** A clock that stays at one instant and never wakes. */
    class FixedClock(private val instant: Timestamp) : HeraldClock {
        override fun now(): Timestamp = instant
        override fun schedule(at: Timestamp, task: Runnable): HeraldCancellable = object : HeraldCancellable {
            override fun cancel() {}
        }
    }

    /**
     * Runs a case as the protocol says, in memory: its channel from a fake network with its
     * faults, its cache seeded by an earlier launch, its user's seen list, its clock.
     */
    fun run(test: Case): HeraldState {
        val (base, documents) = channel(test.channel)
        val faults = HashMap<String, HeraldResponse>()
        for ((path, fault) in test.faults) {
            val given = fault as Map<*, *>
            // What a transport makes of a label or a length (the network run checks it): the
            // document as built, or a failure.
            if (readsWhole(given)) continue
            faults[base + path] = response(given)
        }
        val cached = test.cached.mapNotNull { path -> documents[base + path]?.let { Pair(base + path, it) } }.toMap()
        return runOver(test, base, MemoryTransport(documents, faults), cached, 3_600_000)
    }

    /**
     * Runs a case's input against a channel at `base` read through `transport`, with `cached`
     * (documents by URL) kept by an earlier launch, the case's seen list and its clock.
     */
    fun runOver(
        test: Case,
        base: String,
        transport: HeraldTransport,
        cached: Map<String, String>,
        timeoutMillis: Long
    ): HeraldState {
        val storage: HeraldStorage = MemoryStorage()
        val store = ClientStore(storage)
        for ((url, body) in cached) store.keep(url, ClientStore.CachedDocument(body, "\"earlier\"", null))
        val user = "conformance"
        val now = Timestamp.parse(test.input["now"] as String) ?: throw IllegalArgumentException("${test.file}: now")
        val marked = (test.input["seenAt"] as? Map<*, *>) ?: emptyMap<String, String>()
        store.addSeen(user, (test.input["seen"] as List<*>).map { it as String }.filter { it !in marked.keys }, now)
        for ((id, time) in marked) {
            val at = Timestamp.parse(time as String) ?: throw IllegalArgumentException("${test.file}: seenAt")
            store.addSeen(user, listOf(id as String), at)
        }
        val configuration = HeraldConfiguration(
            base, test.input["platform"] as String, test.input["version"] as String
        ).apply {
            userId = user
            accountCreatedAt = (test.input["accountCreatedAt"] as? String)?.let { Timestamp.parse(it) }
            stableId = test.input["stableID"] as? String ?: user
            this.storage = storage
            this.transport = transport
            clock = FixedClock(now)
            preferredLanguages = (test.input["languages"] as List<*>).map { it as String }
            this.timeoutMillis = timeoutMillis
            channelKeys = pinning(test.input["signing"] as? Map<*, *>, store)
        }
        HeraldClient(configuration).use { client -> return client.refresh().get() }
    }

    /** The keys a case's app pins, with the generation it accepted before kept in its store; null for none. */
    internal fun pinning(signing: Map<*, *>?, store: ClientStore): HeraldChannelKeys? {
        if (signing == null) return null
        val channel = signing["channel"] as String
        (signing["highestGeneration"] as? Double)?.let { store.accept(it.toLong(), channel) }
        return HeraldChannelKeys(
            channel, (signing["keys"] as List<*>).map { it as String }, (signing["wallKeys"] as List<*>).map { it as String }
        )
    }

    /** The state's conformance form as herald writes JSON (the bytes the three clients must agree on). */
    fun written(state: HeraldState): String = JsonWriter.pretty(value(state))
}
