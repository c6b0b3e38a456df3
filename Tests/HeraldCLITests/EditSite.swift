import Foundation
import HeraldTestSupport
import Testing

/// A copy of the example site with older records added (expired, so no app reads them, over two
/// pages of the archive), built through a cache of its own with its phases traced, so a test can
/// tell which way each build went and compare what it wrote with a build from nothing.
struct EditSite {
  /// Which way a build went.
  enum Route: Equatable, CustomStringConvertible {
    /// The edit's rebuild: only the files showing the edited records were planned again.
    case edit
    /// The whole site was read and planned.
    case whole

    var description: String { self == .edit ? "the edit's rebuild" : "the whole site's build" }
  }

  /// What one build printed and which way it went.
  struct Built {
    let result: HeraldProcess.Result
    let route: Route?

    /// Standard error without the traced phases.
    var problems: String {
      result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("herald: ") }.joined(separator: "\n")
    }
  }

  let site: TemporaryDirectory
  let work: TemporaryDirectory
  /// The time builds are for.
  var now = "2026-11-30T12:00:00Z"
  private var freshBuilds = 0

  /// The older records' files: expired in 2025, most in Markdown, some in JSON.
  static func olderRecord(_ index: Int) -> (path: String, text: String) {
    let month = index % 9 + 1
    let day = 10 + index % 17
    if index % 10 == 3 {
      return (
        "content/announcements/old-json-\(index).json",
        """
        {"id": "old-json-\(index)", "title": "Old JSON notice \(index)", "severity": "INFO",
         "kind": "NOTICE", "publishAt": "2025-0\(month)-\(day)", "expiresAt": "2025-11-01",
         "body": "A JSON body, number \(index)."}

        """
      )
    }
    return (
      "content/announcements/old-\(index).md",
      """
      ---
      id: old-\(index)
      title: Old notice \(index)
      severity: INFO
      kind: NOTICE
      publishAt: 2025-0\(month)-\(day)T08:\(10 + index % 50):00Z
      expiresAt: 2025-11-01
      actionUrl: https://linewise.example/old/\(index)
      actionLabel: Read about it
      ---
      An older notice, number *\(index)*.

      """
    )
  }

  /// The example site and `older` older records, not built yet.
  init(older: Int = 70) throws {
    site = try TemporaryDirectory()
    work = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    for index in 0..<older {
      let record = Self.olderRecord(index)
      try site.write(record.path, record.text)
    }
  }

  /// Builds through the site's cache, tracing the phases.
  func build(_ extra: [String] = []) throws -> Built {
    let result = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", work.path("public"), "--now", now] + extra,
      environment: ["HERALD_CACHE_DIR": work.path("cache"), "HERALD_TIMINGS": "1"])
    let stderr = result.stderr
    let route: Route? =
      stderr.contains("herald: load the site:")
      ? .whole : stderr.contains("herald: look for edited records:") ? .edit : nil
    return Built(result: result, route: route)
  }

  /// Builds from nothing (no cache, an empty folder), for comparison.
  mutating func buildFromNothing(_ extra: [String] = []) throws -> (HeraldProcess.Result, URL) {
    freshBuilds += 1
    let output = work.url.appending(path: "fresh-\(freshBuilds)")
    let result = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", output.path, "--now", now, "--no-cache"]
        + extra)
    return (result, output)
  }

  /// Checks a build against one from nothing: the same exit status, problems and census, and,
  /// when it succeeded, the same tree byte for byte.
  mutating func expectSameAsFromNothing(
    _ built: Built, _ extra: [String] = [], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let (fresh, output) = try buildFromNothing(extra)
    #expect(built.result.status == fresh.status, "\(what)", sourceLocation: sourceLocation)
    #expect(built.problems == fresh.stderr, "\(what)", sourceLocation: sourceLocation)
    #expect(
      Self.census(built.result.stdout) == Self.census(fresh.stdout), "\(what)",
      sourceLocation: sourceLocation)
    guard fresh.status == 0 else { return }
    let difference = try FileTree.read(work.url.appending(path: "public")).withoutBookkeeping
      .differences(from: FileTree.read(output).withoutBookkeeping)
    #expect(difference == nil, "\(what): \(difference ?? "")", sourceLocation: sourceLocation)
  }

  /// The summary line's counts of records, without the output's name or the files written.
  static func census(_ stdout: String) -> String {
    guard let colon = stdout.firstIndex(of: ":"), let end = stdout.firstIndex(of: ";") else {
      return stdout
    }
    return String(stdout[colon..<end])
  }

  /// Replaces text in a file of the site, in place (as the benchmark and most editors do).
  func edit(_ file: String, _ old: String, _ new: String) throws {
    let text = try String(contentsOfFile: site.path(file), encoding: .utf8)
    #expect(text.contains(old), "\(file) has no \(old)")
    try site.write(file, text.replacingOccurrences(of: old, with: new))
  }
}
