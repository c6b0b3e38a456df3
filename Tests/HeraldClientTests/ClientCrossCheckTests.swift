import Foundation
import HeraldClient
import HeraldCore
import HeraldProtocol
import HeraldTestSupport
import Testing

/// The three clients must decide identically, or a wall shows on one platform and not another:
/// for every conformance case, HeraldClient, @herald/client (clients/js) and herald.client
/// (clients/kotlin) write the same state bytes.
@Suite("Cross-check: the Swift, JavaScript and Kotlin clients agree byte for byte")
struct ClientCrossCheckTests {
  /// The compiled JS tool that writes the JS client's state for every case.
  static let javaScriptTool = Fixtures.packageRoot.appending(
    path: "clients/js/build/tests/print-conformance-states.js")
  /// The Kotlin client with its conformance tools, as clients/kotlin/run-tests compiles it.
  static let kotlinJar = Fixtures.packageRoot.appending(
    path: "clients/kotlin/build/conformance.jar")

  /// Every case's state as a port printed it into a folder, or nil (with the reason printed) when
  /// the port's toolchain or build is not there.
  static func printed(by command: [String], program: URL?, skip reason: String) throws
    -> TemporaryDirectory?
  {
    guard let program else {
      print("skipping a cross-check: \(reason)")
      return nil
    }
    let folder = try TemporaryDirectory()
    let run = try HeraldProcess.run(command + [folder.url.path], timeLimit: 300, program: program)
    #expect(run.status == 0, "\(run.stderr)")
    return folder
  }

  @Test("every conformance case gives the same state JSON from the Swift and JavaScript clients")
  func javaScript() async throws {
    let built = FileManager.default.fileExists(atPath: Self.javaScriptTool.path)
    guard
      let folder = try Self.printed(
        by: [Self.javaScriptTool.path], program: built ? HeraldProcess.onPath("node") : nil,
        skip: "node is not installed or clients/js is not compiled (clients/js/run-tests)")
    else { return }
    try await Self.compare(folder, port: "JavaScript")
  }

  @Test("every conformance case gives the same state JSON from the Swift and Kotlin clients")
  func kotlin() async throws {
    let built = FileManager.default.fileExists(atPath: Self.kotlinJar.path)
    let stdlib = Self.kotlinStandardLibrary()
    guard
      let folder = try Self.printed(
        by: [
          "-cp", Self.kotlinJar.path + ":" + (stdlib ?? ""),
          "-Dherald.conformance=" + ConformanceCases.folder.deletingLastPathComponent().path,
          "herald.client.conformance.PrintConformanceStatesKt",
        ],
        program: built && stdlib != nil ? HeraldProcess.onPath("java") : nil,
        skip: "java or kotlin is not installed, or clients/kotlin is not compiled"
          + " (clients/kotlin/run-tests)")
    else { return }
    try await Self.compare(folder, port: "Kotlin")
  }

  private static func compare(_ folder: TemporaryDirectory, port: String) async throws {
    let cases = ConformanceCase.all()
    #expect(cases.count >= 60)
    for test in cases {
      let swift = try await ClientConformanceTests.state(of: test).documentBytes
      let other = FileManager.default.contents(atPath: folder.url.appending(path: test.file).path)
      #expect(other == Data(swift), "\(test.file): the \(port) client's state differs from Swift's")
    }
  }

  /// The Kotlin runtime next to kotlinc (Debian's /usr/share/kotlin/lib), for running the jar.
  static func kotlinStandardLibrary() -> String? {
    guard let compiler = HeraldProcess.onPath("kotlinc") else { return nil }
    let home = compiler.resolvingSymlinksInPath().deletingLastPathComponent()
      .deletingLastPathComponent()
    let candidates = [
      home.appending(path: "lib/kotlin-stdlib.jar").path, "/usr/share/java/kotlin-stdlib.jar",
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
  }
}
