import Foundation
import HeraldTestSupport
import Testing

/// A site that builds to a checked-in tree: the example site and every folder under
/// Tests/Fixtures/sites (each with its build arguments in `build-arguments`).
struct GoldenSite: CustomTestStringConvertible, Sendable {
  let name: String
  let site: URL
  let expected: URL
  let arguments: [String]

  var testDescription: String { name }

  static let fixedNow = ["--now", "2026-11-30T12:00:00Z"]

  static var all: [GoldenSite] {
    let example = GoldenSite(
      name: "example", site: Fixtures.packageRoot,
      expected: Fixtures.root.appending(path: "example-expected"), arguments: fixedNow)
    return [example]
      + Fixtures.cases("sites").map { name in
        let folder = Fixtures.root.appending(path: "sites/\(name)")
        let arguments =
          (try? String(contentsOf: folder.appending(path: "build-arguments"), encoding: .utf8))?
          .split(whereSeparator: \.isWhitespace).map(String.init) ?? fixedNow
        return GoldenSite(
          name: name, site: folder, expected: folder.appending(path: "expected"),
          arguments: arguments)
      }
  }
}

@Suite("Sites build to their checked-in trees")
struct BuildGoldenTests {
  @Test("the example and at least two more fixture sites are covered")
  func coverage() {
    #expect(GoldenSite.all.count >= 3)
  }

  @Test("golden tree", arguments: GoldenSite.all)
  func golden(_ site: GoldenSite) throws {
    let output = try TemporaryDirectory()
    let target = output.url.appending(path: "public")
    let result = try HeraldProcess.run(
      ["build", "--site", site.site.path, "--output", target.path, "--quiet"] + site.arguments)
    #expect(result.status == 0, "\(result.stderr)")
    var actual = try FileTree.read(target)
    // The lock file two builds take turns on is empty bookkeeping, not part of the channel, nor
    // is the output map.
    #expect(actual.files[".herald-lock"] == [])
    #expect(actual.files[".herald-map"] != nil)
    actual = actual.withoutBookkeeping
    // The theme's assets are copied as they are: checked against the theme's files rather than
    // kept once more in every golden tree.
    for path in actual.paths where path.hasPrefix("assets/") {
      let name = String(path.dropFirst("assets/".count))
      let sources = [
        site.site.appending(path: "themes/plain/assets/\(name)"),
        Fixtures.packageRoot.appending(path: "themes/default/assets/\(name)"),
      ]
      let source = try #require(sources.first { FileManager.default.fileExists(atPath: $0.path) })
      #expect(actual.files[path] == Array(try Data(contentsOf: source)), "\(path)")
      actual.files[path] = nil
    }
    if Fixtures.recording {
      try actual.write(to: site.expected)
      return
    }
    let expected = try FileTree.read(site.expected)
    #expect(
      !expected.files.isEmpty,
      "no golden tree at \(site.expected.path); record it with RECORD_GOLDEN=1")
    if let differences = actual.differences(from: expected) {
      Issue.record("\(site.name) differs from its golden tree:\n\(differences)")
    }
  }
}
