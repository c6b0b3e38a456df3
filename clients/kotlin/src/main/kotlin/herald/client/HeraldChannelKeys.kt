package herald.client

/**
 * The keys an app pins for a signed channel (docs/signing.md): with them, the client believes only
 * what a statement signed by one of these keys lists, and fails open otherwise.
 */
class HeraldChannelKeys(
    /** The channel's id (herald.yaml's `signing.channel`). */
    val channel: String,
    /** The public keys whose signatures the app believes (base64 of 32 bytes); one that is not is ignored. */
    val keys: List<String>,
    /** The keys of which one must also have signed a statement for a wall to show (each a key too). */
    val wallKeys: List<String> = emptyList()
)
