package herald.client

import java.io.File
import java.io.IOException
import java.util.concurrent.ConcurrentHashMap

/**
 * Where the client keeps documents and seen lists: a small key-value store an app backs with
 * SharedPreferences or DataStore in a few lines (the README shows both). Called on the client's
 * own thread, never the main one. A store that fails (full, unavailable) may throw: the client
 * treats a failed read as nothing kept, and a failed write as a download later.
 */
interface HeraldStorage {
    /** The value kept under a key, or null. */
    @Throws(IOException::class)
    fun get(key: String): String?

    /** Keeps a value under a key, replacing what was there. */
    @Throws(IOException::class)
    fun set(key: String, value: String)
}

/** Keeps everything in memory: nothing survives the process. */
class MemoryStorage : HeraldStorage {
    private val items = ConcurrentHashMap<String, String>()

    override fun get(key: String): String? = items[key]

    override fun set(key: String, value: String) {
        items[key] = value
    }
}

/**
 * Keeps each value in a file of a folder (the JVM's, or an app's `filesDir`): written whole to a
 * new file, then renamed over the old one, so a crash leaves the old value or the new one.
 */
class FileStorage(private val folder: File) : HeraldStorage {
    override fun get(key: String): String? {
        val file = file(key)
        return if (file.isFile) file.readText(Charsets.UTF_8) else null
    }

    override fun set(key: String, value: String) {
        if (!folder.isDirectory && !folder.mkdirs() && !folder.isDirectory) throw IOException("cannot create $folder")
        val target = file(key)
        val temporary = File(folder, target.name + ".new")
        temporary.writeText(value, Charsets.UTF_8)
        if (!temporary.renameTo(target)) {
            temporary.delete()
            throw IOException("cannot replace $target")
        }
    }

    /** A key's file: its hash, so any key is a safe file name. */
    private fun file(key: String): File = File(folder, Fnv.hash(key) + ".json")
}

/** FNV-1a (64-bit) over a text's UTF-8 bytes, as 16 hexadecimal digits: short storage keys. */
internal object Fnv {
    fun hash(text: String): String {
        var value = -0x340d631b7bdddcdbL // the offset basis 0xcbf29ce484222325
        for (byte in text.toByteArray(Charsets.UTF_8)) {
            value = value xor (byte.toLong() and 0xFF)
            value *= 0x100000001b3L
        }
        val digits = java.lang.Long.toHexString(value)
        return "0".repeat(16 - digits.length) + digits
    }
}

/** The cached documents and seen lists of a storage, by the keys every Herald client uses. */
/** The first line of a stored document (as every Herald client keeps one). */
private const val DOCUMENT_HEADER = "herald-document 1\n"

internal class ClientStore(private val storage: HeraldStorage) {
    /** A document as cached: its text and the validators it came with. */
    class CachedDocument(val body: String, val etag: String?, val lastModified: String?)

    /** Reads a cached document; a damaged entry or a failing storage counts as none. */
    @Synchronized
    fun document(url: String): CachedDocument? {
        // Storage is read once per URL: then the copy this store last read or wrote (one another
        // client wrote since costs a download, never a wrong answer).
        kept[url]?.let { return it }
        val text = read("herald:document:" + Fnv.hash(url)) ?: return null
        val document = if (text.startsWith(DOCUMENT_HEADER)) stored(text) else earlier(text)
        if (document != null) kept[url] = document
        return document
    }

    /** A document as this version keeps it: the header line, its validators as JSON, then its body as it came. */
    private fun stored(text: String): CachedDocument? {
        val end = text.indexOf('\n', DOCUMENT_HEADER.length)
        if (end < 0) return null
        val parsed = StrictDocument.parse(text.substring(DOCUMENT_HEADER.length, end)) as? StrictDocument.Parsed.Value
            ?: return null
        val members = parsed.value as? Map<*, *> ?: return null
        return CachedDocument(text.substring(end + 1), members["etag"] as? String, members["lastModified"] as? String)
    }

    /** A document as an earlier version kept it: one JSON object. */
    private fun earlier(text: String): CachedDocument? {
        val parsed = StrictDocument.parse(text) as? StrictDocument.Parsed.Value ?: return null
        val members = parsed.value as? Map<*, *> ?: return null
        val body = members["body"] as? String ?: return null
        return CachedDocument(body, members["etag"] as? String, members["lastModified"] as? String)
    }

    /** Keeps a document, its body unescaped after its validators; a failure to write only costs a download later. */
    @Synchronized
    fun keep(url: String, document: CachedDocument) {
        kept[url] = document
        val validators = linkedMapOf<String, Any?>("etag" to document.etag, "lastModified" to document.lastModified)
        write("herald:document:" + Fnv.hash(url), DOCUMENT_HEADER + JsonWriter.compact(validators) + "\n" + document.body)
    }

    private val kept = HashMap<String, CachedDocument>()

    /** The ids a user has seen. */
    /**
     * The install's own id, made once and kept: with no signed-in user it is the stable id of a
     * rollout's buckets. If it cannot be kept, one is made per process.
     */
    @Synchronized
    fun installId(): String {
        read("herald:install")?.takeIf { it.isNotEmpty() }?.let { return it }
        val id = made ?: java.util.UUID.randomUUID().toString().replace("-", "")
        made = id
        write("herald:install", id)
        return id
    }

    private var made: String? = null

    /**
     * When each id a user has seen was marked: `{"id": "2026-11-30T12:00:00Z"}` (a reminder counts
     * from it). A list of ids, as earlier versions kept, is read as marked [now], and kept so.
     */
    fun seenMarks(user: String, now: Timestamp): Map<String, Timestamp> {
        val text = read(seenKey(user)) ?: return emptyMap()
        val parsed = StrictDocument.parse(text) as? StrictDocument.Parsed.Value ?: return emptyMap()
        return when (val value = parsed.value) {
            is List<*> -> {
                val marks = value.filterIsInstance<String>().associateWith { now }
                writeMarks(user, marks)
                marks
            }
            is Map<*, *> -> value.entries.mapNotNull { (id, time) ->
                if (id !is String) null else id to ((time as? String)?.let { Timestamp.parse(it) } ?: now)
            }.toMap()
            else -> emptyMap()
        }
    }

    /** Marks ids seen by a user at a time, replacing an earlier mark's time; a failure to write loses the marks. */
    fun addSeen(user: String, ids: Collection<String>, now: Timestamp) {
        val marks = seenMarks(user, now).toMutableMap()
        for (id in ids) marks[id] = now
        writeMarks(user, marks)
    }

    private fun writeMarks(user: String, marks: Map<String, Timestamp>) {
        val sorted = LinkedHashMap<String, Any?>()
        for (id in marks.keys.sorted()) sorted[id] = marks.getValue(id).toString()
        write(seenKey(user), JsonWriter.compact(sorted))
    }

    private fun seenKey(user: String): String = "herald:seen:" + Fnv.hash(user)

    /** The highest generation of a signed channel's statement this install accepted, if any. */
    fun highestGeneration(channel: String): Long? = read(generationKey(channel))?.toLongOrNull()

    /** Keeps a statement's generation when it is the highest accepted, across launches. */
    @Synchronized
    fun accept(generation: Long, channel: String) {
        val highest = highestGeneration(channel)
        if (highest == null || generation > highest) write(generationKey(channel), generation.toString())
    }

    /** The storage key of a signed channel's highest accepted generation. */
    fun generationKey(channel: String): String = "herald:generation:" + Fnv.hash(channel)

    private fun read(key: String): String? = try {
        storage.get(key)
    } catch (error: Exception) {
        null
    }

    private fun write(key: String, value: String) {
        try {
            storage.set(key, value)
        } catch (error: Exception) {
            // Storage full or unavailable: the next launch fetches again.
        }
    }
}
