package herald.client


import java.io.Closeable
import java.io.InputStream
import java.net.HttpURLConnection
import java.net.SocketTimeoutException
import java.net.URL
import java.util.Collections
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean
import java.util.zip.GZIPInputStream

/** A conditional GET. */
class HeraldRequest(
    val url: String,
    /** The cached copy's ETag, for If-None-Match. */
    val etag: String?,
    /** The cached copy's Last-Modified, for If-Modified-Since. */
    val lastModified: String?,
    /** What is left of the refresh's deadline, in milliseconds (the client stops waiting then anyway). */
    val timeoutMillis: Long
)

/** What a fetch gave: never an exception, every failure a value the client fails open on. */
sealed class HeraldResponse {
    /** A 200 with its body (read as UTF-8, strictly) and validators. */
    class Ok(val body: ByteArray, val etag: String?, val lastModified: String?, val maxAgeSeconds: Long?) :
        HeraldResponse()

    /** A 304: the cached copy is current. */
    class NotModified(val maxAgeSeconds: Long?) : HeraldResponse()

    /** No document, and why. */
    class Failed(val failure: HeraldFailure) : HeraldResponse()
}

/**
 * How the client fetches a document; an app may route through its own networking stack (OkHttp,
 * Cronet). Called on the client's own threads, never the main one; it may block.
 */
interface HeraldTransport {
    /** Fetches one document; throws nothing (a thrown exception counts as a network failure). */
    fun fetch(request: HeraldRequest): HeraldResponse
}

/**
 * Fetches over `HttpURLConnection` (the JDK's, or Android's): conditional requests, the whole
 * exchange bounded by the request's timeout (connect, wait and body together), and the body by
 * a size limit counted in decoded bytes as they are read.
 */
class HttpTransport @JvmOverloads constructor(
    /** The largest body read, in bytes after content decoding. */
    private val maximumBodySize: Int = HeraldLimits.MAXIMUM_BODY_SIZE,
    /** Extra headers for every request (a CDN key, an app identifier). */
    private val headers: Map<String, String> = emptyMap(),
    /** The User-Agent to send; null keeps the platform's. */
    private val userAgent: String? = null
) : HeraldTransport, Closeable {
    private val open: MutableSet<HttpURLConnection> = Collections.newSetFromMap(ConcurrentHashMap())

    @Volatile
    private var closed = false

    /** Hangs up every exchange under way and refuses new ones. */
    override fun close() {
        closed = true
        // A copy through toArray, which a concurrent set gives whole while it changes.
        for (connection in ArrayList(open)) connection.disconnect()
    }

    override fun fetch(request: HeraldRequest): HeraldResponse {
        if (request.timeoutMillis <= 0) return HeraldResponse.Failed(HeraldFailure.TimedOut)
        val connection = try {
            URL(request.url).openConnection() as? HttpURLConnection
                ?: return HeraldResponse.Failed(HeraldFailure.Network("not an HTTP URL"))
        } catch (error: Exception) {
            return HeraldResponse.Failed(HeraldFailure.Network(error.toString()))
        }
        open.add(connection)
        if (closed) {
            open.remove(connection)
            return HeraldResponse.Failed(HeraldFailure.Network("the transport is closed"))
        }
        // One deadline for the whole exchange: the socket timeouts bound each wait, and the
        // watchdog cuts a server that trickles bytes in time.
        val timedOut = AtomicBoolean(false)
        val watchdog = Watchdog.schedule(request.timeoutMillis) {
            timedOut.set(true)
            connection.disconnect()
        }
        try {
            val timeout = Math.min(request.timeoutMillis, Int.MAX_VALUE.toLong()).toInt()
            connection.connectTimeout = timeout
            connection.readTimeout = timeout
            connection.useCaches = false
            connection.instanceFollowRedirects = true
            for ((name, value) in headers) connection.setRequestProperty(name, value)
            if (userAgent != null) connection.setRequestProperty("User-Agent", userAgent)
            if (request.etag != null) connection.setRequestProperty("If-None-Match", request.etag)
            if (request.lastModified != null) connection.setRequestProperty("If-Modified-Since", request.lastModified)
            // Asked for by name, so it is decoded here the same way on the JVM and on Android (whose
            // own transparent decoding stops once the header is set), and counted decoded.
            connection.setRequestProperty("Accept-Encoding", HeraldLimits.ACCEPT_ENCODING)
            val status = connection.responseCode
            val age = maxAge(connection.getHeaderField("Cache-Control"))
            if (status == 304) return HeraldResponse.NotModified(age)
            if (status != 200) return HeraldResponse.Failed(HeraldFailure.Status(status))
            // A label herald does not read fails before the body is read (conformance/transport.json).
            val encoding = connection.contentEncoding?.let { Ascii.lower(it.trim()) } ?: "identity"
            if (encoding !in HeraldLimits.READABLE_ENCODINGS) {
                return HeraldResponse.Failed(HeraldFailure.Unreadable("Content-Encoding \"$encoding\" is not gzip or identity"))
            }
            val gzip = encoding == "gzip"
            // Read from the header rather than contentLengthLong, which Android has only from API 24.
            val declared = connection.getHeaderField("Content-Length")?.trim()?.toLongOrNull() ?: -1L
            if (!gzip && declared > maximumBodySize) {
                return HeraldResponse.Failed(HeraldFailure.TooLarge(maximumBodySize))
            }
            val body = connection.inputStream.use { raw ->
                // Exactly the Content-Length's bytes are read: fewer is a body cut short, and
                // what a server sends past it is not the document.
                val exact = if (declared >= 0) LengthBoundStream(raw, declared) else raw
                (if (gzip) GZIPInputStream(exact) else exact).use { readLimited(it) }
            } ?: return HeraldResponse.Failed(HeraldFailure.TooLarge(maximumBodySize))
            return HeraldResponse.Ok(body, connection.getHeaderField("ETag"), connection.getHeaderField("Last-Modified"), age)
        } catch (error: SocketTimeoutException) {
            return HeraldResponse.Failed(HeraldFailure.TimedOut)
        } catch (error: Exception) {
            return HeraldResponse.Failed(if (timedOut.get()) HeraldFailure.TimedOut else HeraldFailure.Network(error.toString()))
        } finally {
            watchdog.cancel(false)
            open.remove(connection)
            connection.disconnect()
        }
    }

    /** The body's bytes, or null once they grow past the limit. */
    private fun readLimited(stream: InputStream): ByteArray? {
        val buffer = java.io.ByteArrayOutputStream()
        val chunk = ByteArray(16_384)
        while (true) {
            val count = stream.read(chunk)
            if (count < 0) break
            if (buffer.size() + count > maximumBodySize) return null
            buffer.write(chunk, 0, count)
        }
        return buffer.toByteArray()
    }

    /** Reads at most `length` bytes of a stream, and fails when it ends before them. */
    private class LengthBoundStream(private val stream: InputStream, private var left: Long) : InputStream() {
        override fun read(): Int {
            val one = ByteArray(1)
            return if (read(one, 0, 1) < 0) -1 else one[0].toInt() and 0xff
        }

        override fun read(buffer: ByteArray, offset: Int, count: Int): Int {
            if (left == 0L) return -1
            val read = stream.read(buffer, offset, Math.min(count.toLong(), left).toInt())
            if (read < 0) throw java.io.EOFException("the body ended $left bytes short of its Content-Length")
            left -= read
            return read
        }

        override fun close() = stream.close()
    }

    internal companion object {
        /** Reads `max-age` from a Cache-Control header. */
        fun maxAge(cacheControl: String?): Long? {
            if (cacheControl == null) return null
            for (directive in cacheControl.split(',')) {
                val parts = directive.split('=').map { it.trim() }
                if (parts.size == 2 && Ascii.lower(parts[0]) == "max-age" && parts[1].isNotEmpty() &&
                    parts[1].all { it in '0'..'9' } && parts[1].length <= 12
                ) {
                    return parts[1].toLong()
                }
            }
            return null
        }
    }
}

/** The timer that ends exchanges at their deadline: one daemon thread for every client. */
internal object Watchdog {
    private val timer: ScheduledExecutorService = Executors.newSingleThreadScheduledExecutor(
        ThreadFactory { task -> Thread(task, "herald-watchdog").also { it.isDaemon = true } }
    )

    fun schedule(milliseconds: Long, action: () -> Unit): java.util.concurrent.ScheduledFuture<*> =
        timer.schedule({ action() }, milliseconds, TimeUnit.MILLISECONDS)
}

/** Serves documents from memory by URL, with ETags from their text: a fake network for tests. */
class MemoryTransport @JvmOverloads constructor(
    private val documents: Map<String, String>,
    private val faults: Map<String, HeraldResponse> = emptyMap()
) : HeraldTransport {
    override fun fetch(request: HeraldRequest): HeraldResponse {
        faults[request.url]?.let { return it }
        val body = documents[request.url] ?: return HeraldResponse.Failed(HeraldFailure.Status(404))
        val etag = "\"" + Fnv.hash(body) + "\""
        if (request.etag == etag) return HeraldResponse.NotModified(300)
        return HeraldResponse.Ok(body.toByteArray(Charsets.UTF_8), etag, null, 300)
    }
}

