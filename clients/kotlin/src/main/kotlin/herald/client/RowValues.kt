package herald.client

/** How a row's values are read, by type (`ManifestRowField.ValueType`), as the generated ManifestRow.kt names them. */
internal object RowValues {
    /** A document, a row or a value that this app cannot read. */
    class Unreadable(message: String) : Exception(message)

    /** A present value that reads, or throws (a missing key fails the row, as Swift's Codable does). */
    fun <T> required(members: Map<*, *>, key: String, read: (Any) -> T?): T {
        val value = members[key] ?: throw Unreadable("$key is missing")
        return read(value) ?: throw Unreadable("$key cannot be read")
    }

    /** An absent or null value is null; anything else must read. */
    fun <T> optional(members: Map<*, *>, key: String, read: (Any) -> T?): T? {
        val value = members[key] ?: return null
        return read(value) ?: throw Unreadable("$key cannot be read")
    }

    val text: (Any) -> String? = { it as? String }
    val boolean: (Any) -> Boolean? = { it as? Boolean }
    val severity: (Any) -> Severity? = { value -> Severity.values().firstOrNull { it.name == value } }
    val kind: (Any) -> Kind? = { value -> Kind.values().firstOrNull { it.name == value } }
    val timestamp: (Any) -> Timestamp? = { (it as? String)?.let { text -> Timestamp.parse(text) } }
    val version: (Any) -> Version? = { (it as? String)?.let { text -> Version.parse(text) } }

    private fun strings(value: Any?): List<String>? {
        val list = value as? List<*> ?: return null
        return list.map { it as? String ?: return null }
    }

    val body: (Any) -> Body? = { value ->
        val members = value as? Map<*, *>
        val paragraphs = strings(members?.get("paragraphs"))
        val bullets = strings(members?.get("bullets"))
        if (paragraphs != null && bullets != null) Body(paragraphs, bullets) else null
    }

    /** Reads a rollout; throws when it cannot, so the row is left out: a share this app cannot read must not reach everyone. */
    val rollout: (Any) -> Rollout? = { value ->
        val members = value as? Map<*, *> ?: throw Unreadable("rollout is not an object")
        val salt = required(members, "salt", text)
        val steps = members["steps"] as? List<*> ?: throw Unreadable("rollout steps are not a list")
        if (salt.length == 0 || steps.size == 0) throw Unreadable("rollout is empty")
        Rollout(salt, steps.map { step ->
            val fields = step as? Map<*, *> ?: throw Unreadable("a rollout step is not an object")
            val at = required(fields, "at", timestamp)
            val share = fields["share"] as? Double
            if (share == null || share != Math.floor(share) || share < 0 || share > RolloutBucket.COUNT) {
                throw Unreadable("a rollout step's share is not a share")
            }
            Rollout.Step(at, share.toInt())
        })
    }

    /** A reminder's whole count of seconds, inside the protocol's limits. */
    val reminderSeconds: (Any) -> Long? = { value ->
        val number = value as? Double
        if (number == null || number != Math.floor(number) ||
            number < HeraldLimits.MINIMUM_REMIND_AFTER || number > HeraldLimits.MAXIMUM_REMIND_AFTER
        ) {
            null
        } else {
            number.toLong()
        }
    }
}
