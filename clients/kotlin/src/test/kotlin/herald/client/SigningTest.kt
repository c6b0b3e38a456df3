package herald.client

import herald.client.conformance.Conformance
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Every Ed25519 verifier of this client, each fallback included, against Wycheproof's vectors
 * (conformance/wycheproof/, copied with their provenance and license), and the signed cases again
 * through the verifier a platform without the JCA's uses.
 */
class SigningTest {
    private fun hex(text: String): ByteArray = ByteArray(text.length / 2) { text.substring(it * 2, it * 2 + 2).toInt(16).toByte() }

    private fun wycheproof(checking: SignatureChecking) {
        val file = Conformance.read("wycheproof/ed25519_test.json") as Map<*, *>
        var count = 0
        val failures = ArrayList<String>()
        for (group in file["testGroups"] as List<*>) {
            val members = group as Map<*, *>
            val key = hex((members["publicKey"] as Map<*, *>)["pk"] as String)
            for (test in members["tests"] as List<*>) {
                val vector = test as Map<*, *>
                val verified = checking.verify(key, hex(vector["msg"] as String), hex(vector["sig"] as String))
                if (verified != (vector["result"] == "valid")) failures.add("tcId ${vector["tcId"]}: ${vector["comment"]}")
                count++
            }
        }
        assertEquals(failures.joinToString("\n"), 0, failures.size)
        assertEquals(151, count)
    }

    @Test
    fun wycheproofThroughTheJca() {
        assertTrue("this JDK has the JCA's Ed25519", SignatureChecking.detected === JcaEd25519)
        wycheproof(JcaEd25519)
    }

    @Test
    fun wycheproofThroughThisLibrarysOwnVerifier() = wycheproof(OwnEd25519)

    @Test
    fun theSignedCasesPassThroughThisLibrarysOwnVerifier() {
        val cases = Conformance.cases().filter { it.name.startsWith("signed-") }
        assertTrue("the signed cases are there", cases.size >= 10)
        SignatureChecking.chosen = OwnEd25519
        try {
            for (test in cases) {
                val state = JsonWriter.compact(Conformance.value(Conformance.run(test)))
                assertEquals(test.file, JsonWriter.compact(test.expected), state)
            }
        } finally {
            SignatureChecking.chosen = null
        }
    }
}
