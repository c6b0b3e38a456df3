package herald.client

/** Why a fetch gave no document; every one of them fails open. */
sealed class HeraldFailure {
    /** The connection failed (DNS, refused, reset, cut short). */
    class Network(val reason: String) : HeraldFailure() {
        override fun toString(): String = "network failure: $reason"
    }

    /** The refresh's deadline passed. */
    object TimedOut : HeraldFailure() {
        override fun toString(): String = "timed out"
    }

    /** A status other than 200 or 304. */
    class Status(val status: Int) : HeraldFailure() {
        override fun toString(): String = "status $status"
    }

    /** The body is no document this client reads (not UTF-8, not strict JSON, a missing field). */
    class Unreadable(val reason: String) : HeraldFailure() {
        override fun toString(): String = "unreadable: $reason"
    }

    /** A `schemaVersion` other than 1. */
    class UnknownSchema(val schemaVersion: Double) : HeraldFailure() {
        override fun toString(): String = "unknown schemaVersion $schemaVersion"
    }

    /** The body, decoded, is longer than the limit. */
    class TooLarge(val limit: Int) : HeraldFailure() {
        override fun toString(): String = "over the $limit-byte limit"
    }

    /** Nothing was fetched yet. */
    object NotFetched : HeraldFailure() {
        override fun toString(): String = "not fetched yet"
    }

    /**
     * A signed channel was not believed (docs/signing.md): [kind] is `signature`, `key`, `channel`,
     * `rollback`, `expired` or `hash`, the same names as the Swift and TypeScript readers'.
     */
    class Statement(val kind: String, val reason: String) : HeraldFailure() {
        override fun toString(): String = "$kind: $reason"
    }
}
