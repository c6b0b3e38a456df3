package herald.client

import java.io.File

// What verifying a signed channel adds to a refresh of the Kotlin reader, over a signed build's
// output (herald build with signing:, then):
//   clients/kotlin/run-tests --compile && java -cp clients/kotlin/build/conformance.jar:KOTLIN_STDLIB \
//     herald.client.SigningBenchKt OUTPUT BASE_URL CHANNEL_ID PUBLIC_KEY
// prints the median of 100 first refreshes (a new client, nothing stored; after 100 to warm up) of iOS 1.8.0 unsigned,
// then pinning the key through the JCA's Ed25519 and through this library's own.

private class Folder(private val documents: Map<String, ByteArray>) : HeraldTransport {
    override fun fetch(request: HeraldRequest): HeraldResponse {
        val body = documents[request.url] ?: return HeraldResponse.Failed(HeraldFailure.Status(404))
        return HeraldResponse.Ok(body, null, null, 60)
    }
}

fun main(arguments: Array<String>) {
    val (output, base, channel, key) = arguments
    val root = File(output)
    val documents = root.resolve("api").walkTopDown().filter { it.isFile && it.name.endsWith(".json") }
        .associate { base + it.relativeTo(root).path to it.readBytes() }
    fun median(keys: HeraldChannelKeys?): String {
        val times = (0 until 200).map {
            val configuration = HeraldConfiguration(base, "ios", "1.8.0").apply {
                transport = Folder(documents)
                channelKeys = keys
            }
            HeraldClient(configuration).use { client ->
                val start = System.nanoTime()
                val state = client.refresh().get()
                check(keys == null || state.failure == null) { "${state.failure}" }
                (System.nanoTime() - start) / 1e6
            }
        }.drop(100).sorted()
        return "%.2f ms".format(times[times.size / 2])
    }
    val keys = HeraldChannelKeys(channel, listOf(key))
    println("unsigned: ${median(null)}")
    SignatureChecking.chosen = JcaEd25519
    println("JCA Ed25519: ${median(keys)}")
    SignatureChecking.chosen = OwnEd25519
    println("own Ed25519: ${median(keys)}")
}
