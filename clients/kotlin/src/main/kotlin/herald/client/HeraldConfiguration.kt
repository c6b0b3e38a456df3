package herald.client

import java.util.Locale
import java.util.concurrent.Executor

/**
 * How a [HeraldClient] is made: the channel, the app (platform and version) and, as properties
 * with defaults, the user, storage, networking, clock and polling.
 *
 * ```kotlin
 * val configuration = HeraldConfiguration("https://linewise.example/whats-new/", "android", BuildConfig.VERSION_NAME)
 *     .apply { userId = account?.id; storage = SharedPreferencesStorage(prefs) }
 * ```
 */
class HeraldConfiguration(
    /** The channel's base URL (herald.yaml's baseURL), or its api/v1/index.json. */
    val channel: String,
    /** The platform key, as the channel's herald.yaml names it (`android`, `ios`, `web`). */
    val platform: String,
    /** The running app's version (`1.10.0`, a hotfix such as `1.9.3.1`, `2.0-beta.1`). */
    val appVersion: String
) {
    /** The signed-in user (seen state is per user); null for a device without one. */
    var userId: String? = null

    /** When the account was created, for the account-age gate; null when the app does not know. */
    var accountCreatedAt: Timestamp? = null

    /**
     * The id a rollout's buckets are taken from; null (the default): the signed-in user's id, else
     * an id this install makes once and keeps in [storage]. Give your own when the app has one.
     */
    var stableId: String? = null

    /** Where documents and seen lists are kept (default: memory, gone with the process). */
    var storage: HeraldStorage = MemoryStorage()

    /** How documents are fetched (default: [HttpTransport] with [maximumBodySize], [headers] and [userAgent]). */
    var transport: HeraldTransport? = null

    /** The longest a whole refresh may take, in milliseconds: one deadline for every document it reads. */
    var timeoutMillis: Long = HeraldLimits.DEFAULT_TIMEOUT_MILLIS

    /** The largest body the default transport reads, in bytes after content decoding. */
    var maximumBodySize: Int = HeraldLimits.MAXIMUM_BODY_SIZE

    /** Extra headers for every request of the default transport (a CDN key, an app identifier). */
    var headers: Map<String, String> = emptyMap()

    /** The User-Agent of the default transport; null keeps the platform's. */
    var userAgent: String? = null

    /** The clock (default: the system's). */
    var clock: HeraldClock = HeraldClock.SYSTEM

    /** The shortest wait between polls while observed, in milliseconds. */
    var minimumPollIntervalMillis: Long = 30_000

    /** The longest wait between polls while observed, in milliseconds. */
    var maximumPollIntervalMillis: Long = 300_000

    /**
     * The languages the user reads, most preferred first (default: the JVM's default locale; on
     * Android pass `LocaleListCompat.getAdjustedDefault()`'s tags). A channel with several locales
     * serves the first one they reach (`fr-CA` reaches `fr`), else its default.
     */
    var preferredLanguages: List<String>? = null

    /**
     * The keys the app pins when the channel is signed (docs/signing.md): with them the client
     * believes only what a statement signed by one of them lists; null reads the channel as it is.
     */
    var channelKeys: HeraldChannelKeys? = null

    /** Where listeners are called (an Android app gives the main thread's); default: the client's own thread. */
    var callbackExecutor: Executor? = null

    internal fun languages(): List<String> = preferredLanguages ?: listOf(Locale.getDefault().toLanguageTag())
}
