package herald.client

import java.util.Base64
import java.util.Random
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertNull
import org.junit.Test

class Base64TextTest {
    /** The JDK's decoder, the reference: null where it refuses. */
    private fun jdk(text: String): ByteArray? = try {
        if (text.length % 4 != 0) null else Base64.getDecoder().decode(text)
    } catch (error: IllegalArgumentException) {
        null
    }

    private fun same(text: String) {
        val expected = jdk(text)
        val decoded = Base64Text.decode(text)
        if (expected == null) assertNull("\"$text\" is refused by the JDK", decoded) else assertArrayEquals(text, expected, decoded)
    }

    @Test
    fun decodesAsTheJdkDoes() {
        for (text in listOf("", "AA==", "AAA=", "AAAA", "AB==", "AAB=", "A===", "====", "=AAA", "AA=A", "AA*=", "é\u00e9AA",
            "IcoMtAe6LTp3HTy5aLRJ2mS5cFZAr7iQ0RKPEw3bc8c=", "-_AA", "AA\nA")) {
            same(text)
        }
    }

    @Test
    fun decodesRandomTextsAsTheJdkDoes() {
        val random = Random(2026)
        val alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \u00e9"
        repeat(200_000) {
            val length = random.nextInt(4) * 4 + if (random.nextInt(10) == 0) random.nextInt(4) else 0
            val text = buildString {
                repeat(length) { append(alphabet[random.nextInt(if (random.nextInt(4) == 0) alphabet.length else 64)]) }
            }
            same(text)
        }
        // Every byte string of up to 5 bytes, encoded, decodes back.
        repeat(20_000) {
            val bytes = ByteArray(random.nextInt(6)).also { random.nextBytes(it) }
            assertArrayEquals(bytes, Base64Text.decode(Base64.getEncoder().encodeToString(bytes)))
        }
    }
}
