import Foundation
import HeraldTestSupport
import Testing

/// The documents apps read, at the clients' 5 MB limit: a site whose largest document is exactly
/// the limit builds (with budget warnings), one byte more is an error of check and build.
@Suite("herald check and build at the clients' body limit")
struct BudgetTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  /// A site of one platform whose documents hold 60 records of about 80 KB each; the first
  /// record's body and title grow by `extraBody` and `extraTitle` characters (2 and 1 bytes of
  /// every document each: the body is in the row twice, as text and as HTML).
  static func site(extraBody: Int = 0, extraTitle: Int = 0) throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    try site.write(
      "herald.yaml",
      "title: T\nbaseURL: https://t.example/\nauthor: A\nplatforms:\n  ios:\n"
        + "    releases: [1.0.0]\n")
    for index in 0..<60 {
      let grow = index == 0
      let title = "Record \(index)" + String(repeating: "t", count: grow ? extraTitle : 0)
      let body = String(repeating: "a", count: 40_000 + (grow ? extraBody : 0))
      try site.write(
        "content/announcements/r\(index).md",
        "---\nid: r\(index)\ntitle: \(title)\nseverity: INFO\nkind: NOTICE\n"
          + "publishAt: 2026-11-01\n---\n\(body)\n")
    }
    return site
  }

  /// The largest document's size, from check's JSON (every document is over the 512 KB budget).
  static func largest(_ site: TemporaryDirectory) throws -> Int {
    let result = try HeraldProcess.run(
      ["check", "--site", site.url.path, "--format", "json"] + now)
    let problems = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let sizes = problems.compactMap { problem -> Int? in
      guard let message = problem["message"] as? String,
        let open = message.firstIndex(of: "("), let space = message[open...].firstIndex(of: " ")
      else { return nil }
      return Int(message[message.index(after: open)..<space])
    }
    return try #require(sizes.max())
  }

  @Test("exactly at the limit passes with warnings; one byte over is an error naming the document")
  func boundary() throws {
    let first = try Self.largest(try Self.site())
    let missing = 5_000_000 - first
    #expect(missing > 0 && missing < 500_000, "the site's largest document is \(first) bytes")
    let under = try Self.site(extraBody: missing / 2, extraTitle: missing % 2)
    #expect(try Self.largest(under) == 5_000_000)
    let passing = try HeraldProcess.run(["check", "--site", under.url.path] + Self.now)
    #expect(passing.status == 0, "\(passing.stderr)")
    #expect(passing.stderr.contains("warning: api/v1/ios/1.0.0.json is 5 MB (5000000 bytes), over"))
    #expect(passing.stderr.contains("[document-over-budget]"))

    let over = try Self.site(extraBody: missing / 2, extraTitle: missing % 2 + 1)
    let failing = try HeraldProcess.run(["check", "--site", over.url.path] + Self.now)
    #expect(failing.status == 1)
    #expect(
      failing.stderr.contains(
        "herald.yaml:1:1: error: api/v1/ios/1.0.0.json would be 5 MB (5000001 bytes), over the"
          + " 5 MB a client reads: every app of ios 1.0.0 would fail open, and no wall in it"
          + " would show [document-too-large]"), "\(failing.stderr)")
    // The grown record first, then four of the others (of equal weight, by id).
    #expect(failing.stderr.contains("hint: its heaviest records: r0 ("))
    #expect(failing.stderr.contains(" KB), r10 (81 KB), r11 (81 KB), r12 (81 KB), r13 (81 KB);"))
    let build = try HeraldProcess.run(["build", "--site", over.url.path] + Self.now)
    #expect(build.status == 1)
    #expect(build.stderr.contains("[document-too-large]"))
    #expect(build.stderr.contains("nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: over.path("public")))
  }

  @Test(
    "manifestBudget sets the warning's size, and one that is not a size is an error at its line")
  func budgetSetting() throws {
    let site = try Self.site()
    let config = try String(contentsOfFile: site.path("herald.yaml"), encoding: .utf8)
    try site.write("herald.yaml", config + "manifestBudget: 6 MB\n")
    let tooHigh = try HeraldProcess.run(["check", "--site", site.url.path] + Self.now)
    #expect(tooHigh.status == 1)
    #expect(tooHigh.stderr.contains("herald.yaml:7:17: error: manifestBudget 6 MB is over the"))
    try site.write("herald.yaml", config + "manifestBudget: 4.9 MB\n")
    let quiet = try HeraldProcess.run(["check", "--site", site.url.path] + Self.now)
    #expect(quiet.status == 0)
    #expect(!quiet.stderr.contains("warning:"), "\(quiet.stderr)")
    try site.write("herald.yaml", config + "manifestBudget: lots\n")
    let wrong = try HeraldProcess.run(["check", "--site", site.url.path] + Self.now)
    #expect(wrong.status == 1)
    #expect(
      wrong.stderr.contains(
        "herald.yaml:7:17: error: manifestBudget \"lots\" is not a size [invalid-budget]"))
  }
}
