package herald.client

/** Why a fetch gave no document; every one of them fails open. */
sealed class FetchFailure {
    /** The connection failed (DNS, refused, reset, cut short). */
    class Network(val reason: String) : FetchFailure() {
        override fun toString(): String = "network failure: $reason"
    }

    /** The refresh's deadline passed. */
    object TimedOut : FetchFailure() {
        override fun toString(): String = "timed out"
    }

    /** A status other than 200 or 304. */
    class Status(val status: Int) : FetchFailure() {
        override fun toString(): String = "status $status"
    }

    /** The body is no document this client reads (not UTF-8, not strict JSON, a missing field). */
    class Unreadable(val reason: String) : FetchFailure() {
        override fun toString(): String = "unreadable: $reason"
    }

    /** A `schemaVersion` other than 1. */
    class UnknownSchema(val schemaVersion: Double) : FetchFailure() {
        override fun toString(): String = "unknown schemaVersion $schemaVersion"
    }

    /** The body, decoded, is longer than the limit. */
    class TooLarge(val limit: Int) : FetchFailure() {
        override fun toString(): String = "over the $limit-byte limit"
    }

    /** Nothing was fetched yet. */
    object NotFetched : FetchFailure() {
        override fun toString(): String = "not fetched yet"
    }
}
