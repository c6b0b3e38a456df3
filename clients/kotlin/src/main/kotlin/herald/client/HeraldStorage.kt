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
internal class ClientStore(private val storage: HeraldStorage) {
    /** A document as cached: its text and the validators it came with. */
    class CachedDocument(val body: String, val etag: String?, val lastModified: String?)

    /** Reads a cached document; a damaged entry or a failing storage counts as none. */
    fun document(url: String): CachedDocument? {
        val text = read("herald:document:" + Fnv.hash(url)) ?: return null
        val parsed = StrictDocument.parse(text) as? StrictDocument.Parsed.Value ?: return null
        val members = parsed.value as? Map<*, *> ?: return null
        val body = members["body"] as? String ?: return null
        return CachedDocument(body, members["etag"] as? String, members["lastModified"] as? String)
    }

    /** Keeps a document; a failure to write only costs a download later. */
    fun keep(url: String, document: CachedDocument) {
        val members = linkedMapOf<String, Any?>(
            "body" to document.body, "etag" to document.etag, "lastModified" to document.lastModified
        )
        write("herald:document:" + Fnv.hash(url), JsonWriter.compact(members))
    }

    /** The ids a user has seen. */
    fun seen(user: String): Set<String> {
        val text = read("herald:seen:" + Fnv.hash(user)) ?: return emptySet()
        val parsed = StrictDocument.parse(text) as? StrictDocument.Parsed.Value ?: return emptySet()
        val list = parsed.value as? List<*> ?: return emptySet()
        return list.filterIsInstance<String>().toSet()
    }

    /** Adds ids to a user's seen list; a failure to write loses the marks (the message may show once more). */
    fun addSeen(user: String, ids: Collection<String>) {
        val seen = seen(user).toMutableSet()
        if (!seen.addAll(ids)) return
        write("herald:seen:" + Fnv.hash(user), JsonWriter.compact(seen.sorted()))
    }

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
