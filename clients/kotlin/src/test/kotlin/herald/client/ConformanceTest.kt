package herald.client

import herald.client.conformance.Conformance
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** Every case of conformance/client/, in memory: the state this client reaches is the expected one. */
class ConformanceTest {
    @Test
    fun everyCaseReachesItsExpectedState() {
        val cases = Conformance.cases()
        assertTrue("the cases are there", cases.size >= 150)
        val failures = ArrayList<String>()
        for (test in cases) {
            val state = JsonWriter.compact(Conformance.value(Conformance.run(test)))
            if (state != JsonWriter.compact(test.expected)) failures.add("${test.file}:\n  expected ${test.expected}\n  got      $state")
        }
        assertEquals(failures.joinToString("\n"), 0, failures.size)
    }

    @Test
    fun theStateIsWrittenAsHeraldWritesJson() {
        val text = JsonWriter.pretty(mapOf("b" to listOf(1, "a\u2028\u007F"), "a" to null, "c" to emptyMap<String, Any>()))
        assertEquals("{\n  \"a\": null,\n  \"b\": [\n    1,\n    \"a\\u2028\\u007f\"\n  ],\n  \"c\": {}\n}\n", text)
    }
}
