package herald.client

/** The limits every Herald client enforces, one number each (conformance/limits.json). */
object HeraldLimits {
    /** The largest body read, in bytes of the decoded body: a larger one is a failure, and nothing interrupts. */
    const val MAXIMUM_BODY_SIZE: Int = 5_000_000

    /** The deepest nesting of arrays and objects a document may have. */
    const val MAXIMUM_DEPTH: Int = 64

    /** The longest a whole refresh may take by default, in milliseconds. */
    const val DEFAULT_TIMEOUT_MILLIS: Long = 10_000

    /** The shortest `remindAfter` a row may have, in seconds (an hour); a row with a shorter one is left out. */
    const val MINIMUM_REMIND_AFTER: Long = 3600

    /** The longest `remindAfter` a row may have, in seconds (3,650 days); a row with a longer one is left out. */
    const val MAXIMUM_REMIND_AFTER: Long = 315_360_000

    /** What a client asks for in `Accept-Encoding` (conformance/transport.json). */
    const val ACCEPT_ENCODING: String = "gzip"

    /** The `Content-Encoding` labels read, lowercased (no header is identity); any other is a failure. */
    val READABLE_ENCODINGS: Set<String> = setOf("gzip", "identity")
}
