package herald.client

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import herald.client.conformance.Conformance
import java.net.InetSocketAddress
import java.util.Collections
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/**
 * A real HTTP server on loopback serving a conformance channel (its URLs rewritten to the server's
 * own), with ETags, `Cache-Control: max-age=300`, 304s, and faults injected per path.
 */
class ChannelServer(channel: String = "channel-n0") : AutoCloseable {
    /** What the server does instead of serving a path. */
    sealed class Fault {
        class Status(val status: Int) : Fault()
        /** Answers nothing until the server stops. */
        object Stall : Fault()
        /** Status 200 with these bytes. */
        class Body(val bytes: ByteArray) : Fault()
        /** Promises the document's length, sends half, and drops the connection. */
        object Cut : Fault()
        /** Status 200 with these bytes, sent as `Content-Encoding: gzip`. */
        class Gzip(val bytes: ByteArray) : Fault()
        /** Waits, then serves the document as usual. */
        class Delay(val milliseconds: Long) : Fault()
    }

    /** A request the server saw. */
    class Seen(val path: String, val ifNoneMatch: String?, val status: Int, val headers: Map<String, List<String>>)

    private val server: HttpServer = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
    private val faults = ConcurrentHashMap<String, Fault>()
    private val stopped = CountDownLatch(1)
    val requests: MutableList<Seen> = Collections.synchronizedList(ArrayList())
    private val lock = ReentrantLock()
    private val arrived = lock.newCondition()

    @Volatile
    private var documents: Map<String, String> = emptyMap()

    init {
        server.executor = Executors.newCachedThreadPool { task -> Thread(task, "channel-server").also { it.isDaemon = true } }
        server.createContext("/") { exchange -> reply(exchange) }
        server.start()
        publish(channel)
    }

    /** The channel's base URL on this server. */
    val baseURL: String get() = "http://127.0.0.1:${server.address.port}/news/"

    /** Serves another channel from now on, as a rebuild does. */
    fun publish(channel: String) {
        val (original, bodies) = Conformance.channel(channel)
        documents = bodies.entries.associate { (url, body) ->
            Pair("/news/" + url.substring(original.length), body.replace(original, baseURL))
        }
    }

    /** Makes a path fail, or serve again with null. */
    fun inject(path: String, fault: Fault?) {
        if (fault == null) faults.remove(path) else faults[path] = fault
    }

    /** The requests for a path so far. */
    fun requestsFor(path: String): List<Seen> = synchronized(requests) { requests.filter { it.path == path } }

    /** Waits until the server has seen a request for a path. */
    fun awaitRequest(path: String) = lock.withLock {
        var left = TimeUnit.SECONDS.toNanos(60)
        while (requests.none { it.path == path }) {
            if (left <= 0) throw AssertionError("no request for $path")
            left = arrived.awaitNanos(left)
        }
    }

    /** Stops listening; stalled exchanges end. */
    override fun close() {
        stopped.countDown()
        server.stop(0)
    }

    private fun reply(exchange: HttpExchange) {
        val path = exchange.requestURI.path
        val ifNoneMatch = exchange.requestHeaders.getFirst("If-None-Match")
        fun log(status: Int) = lock.withLock {
            requests.add(Seen(path, ifNoneMatch, status, HashMap(exchange.requestHeaders)))
            arrived.signalAll()
        }
        var fault = faults[path]
        try {
            if (fault is Fault.Stall) {
                log(0)
                stopped.await(30, TimeUnit.SECONDS)
                return
            }
            if (fault is Fault.Delay) {
                Thread.sleep(fault.milliseconds)
                fault = null
            }
            when (fault) {
                is Fault.Status -> {
                    log(fault.status)
                    send(exchange, fault.status, "fault\n".toByteArray(), "text/plain")
                    return
                }
                is Fault.Body -> {
                    log(200)
                    send(exchange, 200, fault.bytes, "application/json")
                    return
                }
                is Fault.Gzip -> {
                    log(200)
                    exchange.responseHeaders.add("Content-Encoding", "gzip")
                    send(exchange, 200, fault.bytes, "application/json")
                    return
                }
                else -> {}
            }
            val body = documents[path]
            if (body == null) {
                log(404)
                send(exchange, 404, "not found\n".toByteArray(), "text/plain")
                return
            }
            val bytes = body.toByteArray(Charsets.UTF_8)
            if (fault is Fault.Cut) {
                log(200)
                exchange.responseHeaders.add("Content-Type", "application/json")
                exchange.sendResponseHeaders(200, bytes.size.toLong())
                exchange.responseBody.write(bytes, 0, bytes.size / 2)
                exchange.responseBody.flush()
                // Closing with bytes still owed ends the connection short of them.
                exchange.close()
                return
            }
            val etag = "\"" + Fnv.hash(body) + "\""
            exchange.responseHeaders.add("ETag", etag)
            exchange.responseHeaders.add("Cache-Control", "public, max-age=300")
            if (ifNoneMatch == etag) {
                log(304)
                exchange.sendResponseHeaders(304, -1)
                exchange.close()
                return
            }
            log(200)
            send(exchange, 200, bytes, "application/json")
        } catch (error: java.io.IOException) {
            // A cut: the connection goes without the rest of the body.
            exchange.close()
        }
    }

    private fun send(exchange: HttpExchange, status: Int, bytes: ByteArray, type: String) {
        exchange.responseHeaders.add("Content-Type", type)
        exchange.sendResponseHeaders(status, bytes.size.toLong())
        exchange.responseBody.use { it.write(bytes) }
    }
}
