import Foundation
import HeraldClient
import HeraldTestSupport
import Testing

/// The JavaScript client (clients/js) and HeraldClient must decide identically, or a wall shows on
/// one platform and not the other: for every conformance case, both write the same state bytes.
@Suite("Cross-check: @herald/client (JavaScript) and HeraldClient agree byte for byte")
struct JavaScriptCrossCheckTests {
  /// The compiled JS tool that writes the JS client's state for every case.
  static let tool = Fixtures.packageRoot.appending(
    path: "clients/js/build/tests/print-conformance-states.js")

  @Test("every conformance case gives the same state JSON from both clients")
  func sameBytes() async throws {
    guard let node = HeraldProcess.onPath("node") else {
      print("skipping the JS cross-check: node is not installed (scripts/install-deps --test)")
      return
    }
    guard FileManager.default.fileExists(atPath: Self.tool.path) else {
      print(
        "skipping the JS cross-check: clients/js is not compiled (clients/js/run-tests does it)")
      return
    }
    let folder = try TemporaryDirectory()
    let run = try HeraldProcess.run(
      [Self.tool.path, folder.url.path], timeLimit: 120, program: node)
    #expect(run.status == 0, "\(run.stderr)")
    let cases = ConformanceCase.all()
    #expect(cases.count >= 60)
    for test in cases {
      let swift = try await ClientConformanceTests.state(of: test).documentBytes
      let javaScript = FileManager.default.contents(
        atPath: folder.url.appending(path: test.file).path)
      #expect(javaScript == Data(swift), "\(test.file): the JS client's state differs from Swift's")
    }
  }
}
