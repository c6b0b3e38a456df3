package herald.client

import android.content.SharedPreferences
import java.io.IOException

/**
 * Keeps the client's documents and seen marks in an app's SharedPreferences (Android only):
 * `SharedPreferencesStorage(context.getSharedPreferences("herald", Context.MODE_PRIVATE))`.
 *
 * Each write is committed before it returns (the client writes on its own thread, never the main
 * one), and a commit that fails throws, which the client counts as a download later. Android
 * rewrites the whole preferences file at every commit, cached documents included (at most 5 MB
 * each): for a large channel, `FileStorage(File(context.noBackupFilesDir, "herald"))` writes only
 * the value that changed.
 */
class SharedPreferencesStorage(private val preferences: SharedPreferences) : HeraldStorage {
    override fun get(key: String): String? = preferences.getString(key, null)

    override fun set(key: String, value: String) {
        if (!preferences.edit().putString(key, value).commit()) throw IOException("SharedPreferences did not keep $key")
    }
}
