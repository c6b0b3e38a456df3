package herald.client

import android.content.SharedPreferences
import java.io.IOException
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** The Android storage, over preferences kept in memory as Android's are between commits. */
class SharedPreferencesStorageTest {
    private class Preferences(var failing: Boolean = false) : SharedPreferences {
        val kept = HashMap<String, String>()

        override fun getString(key: String, defValue: String?): String? = kept[key] ?: defValue

        override fun edit(): SharedPreferences.Editor = object : SharedPreferences.Editor {
            private val pending = HashMap<String, String>()

            override fun putString(key: String, value: String): SharedPreferences.Editor = also { pending[key] = value }

            override fun commit(): Boolean {
                if (failing) return false
                kept.putAll(pending)
                return true
            }
        }
    }

    @Test
    fun keepsWhatIsSetAndFailsLoudlyWhenACommitFails() {
        val preferences = Preferences()
        val storage = SharedPreferencesStorage(preferences)
        assertNull(storage.get("herald:install"))
        storage.set("herald:install", "abc")
        assertEquals("abc", storage.get("herald:install"))
        preferences.failing = true
        try {
            storage.set("herald:install", "def")
            throw AssertionError("a failed commit was taken as kept")
        } catch (expected: IOException) {
            assertEquals("abc", storage.get("herald:install"))
        }
    }

    @Test
    fun aNewClientOverTheSamePreferencesKeepsTheSeenMarks() {
        val preferences = Preferences()
        val store = ClientStore(SharedPreferencesStorage(preferences))
        val now = Timestamp.parse("2026-11-30T12:00:00Z") ?: throw AssertionError()
        store.addSeen("ada", listOf("welcome"), now)
        assertEquals(mapOf("welcome" to now), ClientStore(SharedPreferencesStorage(preferences)).seenMarks("ada", now))
    }
}
