package herald.client.conformance

import java.io.File
import kotlin.system.exitProcess

/**
 * Writes this client's state for every conformance case to <folder>/<case file>, so the Swift test
 * suite can check that the three clients write the same bytes.
 *
 *     java -cp clients/kotlin/build/conformance.jar herald.client.conformance.PrintConformanceStatesKt FOLDER
 */
fun main(arguments: Array<String>) {
    if (arguments.size != 1) {
        System.err.println("usage: PrintConformanceStates FOLDER")
        exitProcess(64)
    }
    val folder = File(arguments[0])
    folder.mkdirs()
    for (test in Conformance.cases()) {
        File(folder, test.file).writeText(Conformance.written(Conformance.run(test)), Charsets.UTF_8)
    }
}
