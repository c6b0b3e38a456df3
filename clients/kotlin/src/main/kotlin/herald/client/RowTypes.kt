package herald.client

/** How an announcement interrupts: a strip, a dialog, a full-screen takeover. */
enum class Severity { INFO, IMPORTANT, CRITICAL }

/** What an announcement is about (icon and label only). */
enum class Kind { WHATS_NEW, UPDATE_AVAILABLE, NOTICE }

/** An announcement's text as paragraphs and bullets (the Markdown body, rendered to plain text). */
data class Body(val paragraphs: List<String>, val bullets: List<String>)

/** A row's rollout: its salt, and from each step's time on the share reached, of 10,000 buckets. */
data class Rollout(val salt: String, val steps: List<Step>) {
    /** From [at] on, [share] of 10,000 buckets are reached. */
    data class Step(val at: Timestamp, val share: Int)

    /** The share reached at a time: the last step begun's, 0 before the first. */
    fun share(now: Timestamp): Int = steps.lastOrNull { it.at <= now }?.share ?: 0
}
