package herald.client

import java.net.URI
import java.util.concurrent.ExecutionException
import java.util.concurrent.ExecutorService
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException

/** What a read gave. */
internal class ReadOutcome(
    val source: ManifestSource,
    val scope: ManifestScope?,
    val nextChangeAt: Timestamp?,
    val maxAgeSeconds: Long?,
    /** The locale of the rows' words; null when no channel was read. */
    val locale: String?
)

/**
 * Reads what an app of a platform and version receives: the index, then the release's manifest,
 * or live.json filtered by the build's rule; conditional requests against the cache; a body
 * cached only once it reads; after any failure, the cached copy. One deadline for the whole read.
 */
internal class ChannelReader(
    private val index: String,
    private val platform: String,
    private val languages: () -> List<String>,
    private val transport: HeraldTransport,
    private val store: ClientStore,
    private val timeoutMillis: Long,
    private val fetcher: ExecutorService,
    /** The keys the app pins when the channel is signed (docs/signing.md). */
    private val pinned: HeraldChannelKeys? = null
) {
    /** A document as read: fresh, or the cached copy and why it is not fresh, or nothing and why. */
    private class Fetched<T>(val document: T?, val failure: HeraldFailure?, val maxAgeSeconds: Long?)

    private class Parsed(val body: String, val document: Decoded<ManifestDocument>)

    /** Manifests parsed once per URL and text, so a 304 costs no parse. */
    private val parsed = HashMap<String, Parsed>()

    /** When the read under way must end (System.nanoTime). */
    private var deadline = 0L

    fun read(version: Version, now: Timestamp): ReadOutcome {
        deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis)
        // A signed channel's statement comes first: every document after it is checked against it.
        var signed: SignedRead? = null
        if (pinned != null) {
            when (val read = readStatement(pinned, now)) {
                is Decoded.Ok -> signed = read.value
                is Decoded.Failed -> return ReadOutcome(ManifestSource.Unavailable(read.failure), null, null, null, null)
            }
        }
        val statement = signed
        fun checked(url: String, body: String): HeraldFailure? = statement?.problem(body, url)
        val root = fetch(index) { body -> checked(index, body)?.let { Decoded.Failed(it) } ?: Documents.channel(body) }
        val rootIndex = root.document
            ?: return ReadOutcome(ManifestSource.Unavailable(root.failure ?: HeraldFailure.NotFetched), null, null, null, null)
        val pointer = edition(Pointer(rootIndex, index, root.failure == null, root.maxAgeSeconds), statement)
        val channel = pointer.channel
        fun none(failure: HeraldFailure) = ReadOutcome(ManifestSource.Unavailable(failure), null, null, null, channel.language)
        val entry = channel.platforms[platform]
            ?: return none(HeraldFailure.Unreadable("the channel has no platform $platform"))
        val release = entry.releases.firstOrNull { Version.parse(it.version)?.let { listed -> listed.compareTo(version) == 0 } ?: false }
        val url = resolve(pointer.url, release?.manifest ?: entry.live)
            ?: return none(HeraldFailure.Unreadable("the manifest URL is not a URL"))
        val readManifest = { body: String -> checked(url, body)?.let { Decoded.Failed(it) } ?: decodeFor(url, body) }
        // A fresh index that names the document's content-addressed copy is read through it: the
        // copy held, when its bytes are the object's, is the document and is never asked for again;
        // any other is fetched once and checked against its hash. A cached index (this read's
        // failed) goes by the canonical URL, whose revalidation decides freshness.
        val objectEntry = if (pointer.fresh) (if (release != null) release.objectEntry else entry.liveObject) else null
        val objectURL = objectEntry?.let { resolve(pointer.url, it.url) }
        val manifest = if (objectEntry != null && objectURL != null) {
            fetchObject(objectEntry, objectURL, url, pointer.maxAgeSeconds, readManifest)
        } else {
            fetch(url, readManifest)
        }
        val document = manifest.document ?: return none(manifest.failure ?: HeraldFailure.NotFetched)
        val rows = DecisionRules.rowsFor(document, version, now)
        // Under a statement not believed this time (its cached one stood in), or a wall no pinned
        // wall key signed for, the rows are the archive's and the badge's only.
        val wall = rows.firstOrNull { it.blocking }
        val signedFailure = statement?.failure ?: if (statement != null && !statement.statement.wallSigned && wall != null) {
            HeraldFailure.Statement("key", "${wall.id} is a wall, and no pinned wall key signed the statement")
        } else {
            null
        }
        if (signedFailure != null) {
            return ReadOutcome(ManifestSource.Cached(rows, signedFailure), document.scope, document.nextChangeAt, null, channel.language)
        }
        val failure = manifest.failure
        return ReadOutcome(
            source = if (failure == null) ManifestSource.Fresh(rows) else ManifestSource.Cached(rows, failure),
            scope = document.scope,
            nextChangeAt = document.nextChangeAt,
            maxAgeSeconds = if (failure == null) manifest.maxAgeSeconds else null,
            locale = channel.language
        )
    }

    /** The channel the rows are read through: the index in the user's locale, where it is, whether this read fetched or revalidated it, and its max-age. */
    private class Pointer(val channel: ChannelIndex, val url: String, val fresh: Boolean, val maxAgeSeconds: Long?)

    /**
     * The channel in the locale the user's languages reach: the root channel for its default
     * locale or a one-language channel. A locale's channel that cannot be read (nor its cached
     * copy) falls back to the root's: a wall in the default language still protects.
     */
    private fun edition(root: Pointer, signed: SignedRead?): Pointer {
        val locales = root.channel.locales ?: return root
        val locale = Locales.edition(languages(), locales.map { it.first }, root.channel.language)
        val entry = locales.firstOrNull { it.first == locale }
        if (locale == root.channel.language || entry == null) return root
        val url = resolve(index, entry.second) ?: return root
        val localized = fetch(url) { body ->
            signed?.problem(body, url)?.let { Decoded.Failed(it) } ?: Documents.channel(body)
        }
        val channel = localized.document ?: return root
        return Pointer(channel, url, localized.failure == null, localized.maxAgeSeconds)
    }

    /**
     * Reads a document through its content-addressed copy, kept under its canonical URL: the copy
     * held, when its bytes are the object's, without a request (fresh, under the index's max-age);
     * else the object, fetched without validators and refused unless its bytes are the ones the
     * index names. A failure falls back to the copy held, as cached.
     */
    private fun <T> fetchObject(
        objectEntry: DocumentObject,
        objectURL: String,
        url: String,
        maxAgeSeconds: Long?,
        read: (String) -> Decoded<T>
    ): Fetched<T> {
        val checking = SignatureChecking.platform
        val held = store.document(url)
        if (held != null && objectEntry.holds(held.body.toByteArray(Charsets.UTF_8), checking)) {
            val decoded = read(held.body)
            if (decoded is Decoded.Ok<T>) return Fetched(decoded.value, null, maxAgeSeconds)
        }
        fun fallback(failure: HeraldFailure): Fetched<T> {
            val decoded = held?.let { read(it.body) }
            return Fetched((decoded as? Decoded.Ok<T>)?.value, failure, null)
        }
        return when (val response = within(HeraldRequest(objectURL, null, null, 0))) {
            is HeraldResponse.Ok -> {
                if (!objectEntry.holds(response.body, checking)) {
                    return fallback(HeraldFailure.Unreadable("the object's bytes are not the SHA-256 the channel names"))
                }
                val text = StrictDocument.text(response.body) ?: return fallback(HeraldFailure.Unreadable("it is not UTF-8"))
                val decoded = read(text)
                if (decoded is Decoded.Failed) return fallback(decoded.failure)
                store.keep(url, ClientStore.CachedDocument(text, null, null))
                Fetched((decoded as Decoded.Ok<T>).value, null, maxAgeSeconds)
            }
            // Asked without validators, a 304 is no answer.
            is HeraldResponse.NotModified -> fallback(HeraldFailure.Unreadable("304 for a request without validators"))
            is HeraldResponse.Failed -> fallback(response.failure)
        }
    }

    /**
     * A manifest of this client's platform: another platform's (a misrouted path, a hand-edited
     * channel) would carry that platform's store links, so it is a failure.
     */
    private fun decodeFor(url: String, body: String): Decoded<ManifestDocument> {
        val known = parsed[url]
        val decoded = if (known != null && known.body == body) known.document else Documents.manifest(body).also {
            parsed[url] = Parsed(body, it)
        }
        if (decoded !is Decoded.Ok || decoded.value.platform == platform) return decoded
        return Decoded.Failed(HeraldFailure.Unreadable("the manifest is for ${decoded.value.platform}, not $platform"))
    }

    /** A signed channel's statement as read, and what every document is checked with. */
    private class SignedRead(
        /** The statement that held: this read's, or the cached one when this read's failed. */
        val statement: SignedStatement,
        /** Why this read's statement was not believed, when the cached one stands in. */
        val failure: HeraldFailure?,
        /** The folder of the channel's index (`…/api/v1/`), which the statement's paths start from. */
        val prefix: String
    ) {
        fun problem(body: String, url: String): HeraldFailure? {
            val path = if (url.startsWith(prefix)) "api/v1/" + url.substring(prefix.length) else url
            return statement.problem(body, path, SignatureChecking.platform)
        }
    }

    /**
     * Reads signed.json beside the index and checks it; one that holds raises the highest
     * generation kept. A cached statement that still holds stands in for one that fails, with its
     * failure; a missing one (404) is a `signature` failure.
     */
    private fun readStatement(pinned: HeraldChannelKeys, now: Timestamp): Decoded<SignedRead> {
        val checking = SignatureChecking.platform
        val url = resolve(index, "signed.json") ?: return Decoded.Failed(HeraldFailure.NotFetched)
        val highest = store.highestGeneration(pinned.channel)
        val read = fetch(url) { SignedStatement.verify(it, pinned, highest, now, checking) }
        var failure = read.failure
        if (failure is HeraldFailure.Status && failure.status == 404) {
            failure = HeraldFailure.Statement("signature", "the channel has no signed.json (404)")
        }
        val statement = read.document ?: return Decoded.Failed(failure ?: HeraldFailure.NotFetched)
        if (failure == null) store.accept(statement.generation, pinned.channel)
        return Decoded.Ok(SignedRead(statement, failure, resolve(index, ".") ?: index))
    }

    private fun <T> fetch(url: String, read: (String) -> Decoded<T>): Fetched<T> {
        val cached = store.document(url)
        fun fallback(failure: HeraldFailure): Fetched<T> {
            val decoded = cached?.let { read(it.body) }
            return Fetched((decoded as? Decoded.Ok<T>)?.value, failure, null)
        }
        val response = within(HeraldRequest(url, cached?.etag, cached?.lastModified, 0))
        return when (response) {
            is HeraldResponse.Ok -> {
                val text = StrictDocument.text(response.body) ?: return fallback(HeraldFailure.Unreadable("it is not UTF-8"))
                val decoded = read(text)
                if (decoded is Decoded.Failed) return fallback(decoded.failure)
                store.keep(url, ClientStore.CachedDocument(text, response.etag, response.lastModified))
                Fetched((decoded as Decoded.Ok<T>).value, null, response.maxAgeSeconds)
            }
            is HeraldResponse.NotModified -> {
                val decoded = cached?.let { read(it.body) } as? Decoded.Ok<T>
                    ?: return Fetched(null, HeraldFailure.Unreadable("304 without a cached copy"), null)
                Fetched(decoded.value, null, response.maxAgeSeconds)
            }
            is HeraldResponse.Failed -> fallback(response.failure)
        }
    }

    /** Fetches with what is left of the deadline, answering timed-out when it passes, whatever the transport does. */
    private fun within(request: HeraldRequest): HeraldResponse {
        val leftNanos = deadline - System.nanoTime()
        if (leftNanos <= 0) return HeraldResponse.Failed(HeraldFailure.TimedOut)
        // Rounded up, and waited for in nanoseconds: cut to whole milliseconds, the wait ended up
        // to a millisecond before the deadline, and the refresh timed out early.
        val left = (leftNanos + 999_999) / 1_000_000
        val bounded = HeraldRequest(request.url, request.etag, request.lastModified, left)
        val future = try {
            fetcher.submit<HeraldResponse> { transport.fetch(bounded) }
        } catch (error: java.util.concurrent.RejectedExecutionException) {
            return HeraldResponse.Failed(HeraldFailure.Network("the client is closed"))
        }
        return try {
            future.get(leftNanos, TimeUnit.NANOSECONDS)
        } catch (error: TimeoutException) {
            future.cancel(true)
            HeraldResponse.Failed(HeraldFailure.TimedOut)
        } catch (error: ExecutionException) {
            HeraldResponse.Failed(HeraldFailure.Network(error.cause?.toString() ?: error.toString()))
        } catch (error: InterruptedException) {
            future.cancel(true)
            Thread.currentThread().interrupt()
            HeraldResponse.Failed(HeraldFailure.Network("interrupted"))
        }
    }

    companion object {
        /** The index URL of a channel given by its base URL or by its index.json itself. */
        fun indexURL(channel: String): String {
            val uri = try {
                URI(channel)
            } catch (error: java.net.URISyntaxException) {
                throw IllegalArgumentException("the channel $channel is not an absolute http(s) URL: ${error.reason}")
            }
            require(uri.isAbsolute && (uri.scheme == "https" || uri.scheme == "http") && uri.host != null) {
                "the channel $channel is not an absolute http(s) URL"
            }
            if (uri.path.endsWith(".json")) return channel
            return URI(if (channel.endsWith("/")) channel else "$channel/").resolve("api/v1/index.json").toString()
        }

        /** A reference resolved against a base, or null when it is not a URL. */
        fun resolve(base: String, reference: String): String? = try {
            URI(base).resolve(URI(reference)).toString()
        } catch (error: Exception) {
            null
        }
    }
}
