package herald.client.conformance

import herald.client.HeraldRequest
import herald.client.HeraldResponse
import herald.client.HeraldTransport
import herald.client.HttpTransport
import herald.client.JsonWriter
import java.io.BufferedReader
import java.io.InputStreamReader

/**
 * The Kotlin client's adapter for `conformance/run-cases` (docs/client-protocol.md, "A conformance
 * runner any port can call"): one request per line on standard input, one state per line out.
 *
 *     conformance/run-cases -- java -cp clients/kotlin/build/conformance.jar herald.client.conformance.AdapterKt
 */
fun main() {
    val input = BufferedReader(InputStreamReader(System.`in`, Charsets.UTF_8))
    val output = System.out
    while (true) {
        val line = input.readLine() ?: break
        if (line.isBlank()) continue
        val request = Conformance.parse(line) as Map<*, *>
        val answer = try {
            linkedMapOf<String, Any?>("state" to answer(request))
        } catch (error: Exception) {
            linkedMapOf<String, Any?>("error" to error.toString())
        }
        output.write((JsonWriter.compact(answer) + "\n").toByteArray(Charsets.UTF_8))
        output.flush()
    }
}

/** Runs one request: the case's input against the runner's server, its cache seeded as given. */
private fun answer(request: Map<*, *>): Any? {
    val channel = request["channel"] as String
    val server = request["server"] as String
    val members = linkedMapOf<String, Any?>(
        "name" to request["case"], "channel" to "", "input" to request["input"], "faults" to emptyMap<String, Any?>(),
        "cached" to emptyList<Any?>(), "expected" to null
    )
    val cached = (request["cached"] as Map<*, *>).entries.associate { (url, body) -> Pair(url as String, body as String) }
    val timeout = (request["timeoutMilliseconds"] as Double).toLong()
    val state = Conformance.runOver(
        Conformance.Case(request["case"] as String, members), channel,
        RoutingTransport(HttpTransport(), channel, server), cached, timeout
    )
    return Conformance.value(state)
}

/** Sends every request for the channel's URLs to the runner's server instead, the path kept. */
private class RoutingTransport(
    private val transport: HeraldTransport,
    private val from: String,
    private val to: String
) : HeraldTransport {
    override fun fetch(request: HeraldRequest): HeraldResponse {
        val url = if (request.url.startsWith(from)) to + request.url.substring(from.length) else request.url
        return transport.fetch(HeraldRequest(url, request.etag, request.lastModified, request.timeoutMillis))
    }
}
