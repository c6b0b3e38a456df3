import Foundation
import HeraldCore
import HeraldRender
import HeraldTestSupport
import Testing

@Suite("Manifests per DESIGN §3")
struct ManifestTests {
  static let rowKeys: Set<String> = [
    "id", "severity", "kind", "title", "body", "html", "actionUrl", "actionLabel", "blocking",
    "publishedAt", "updatedAt", "expiresAt", "minVersion", "maxVersion", "belowVersion",
    "rollout", "remindAfter", "url",
  ]

  let schedule = Fixtures.root.appending(path: "sites/drafts-and-schedule")

  func ids(_ document: [String: Any]) -> [String] {
    (document["announcements"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test("every row of every manifest has exactly the same keys")
  func rowShape() throws {
    let site = try RenderedSite(folder: Fixtures.packageRoot)
    for file in site.renderer.plan
    where file.path.hasPrefix("api/v1/") && !file.path.hasSuffix("index.json")
      && !file.path.hasSuffix("schema.json")
    {
      let rows = try site.json(file.path)["announcements"] as? [[String: Any]] ?? []
      for row in rows { #expect(Set(row.keys) == Self.rowKeys, "\(file.path)") }
    }
  }

  @Test("the store sentinel becomes each platform's own store URL")
  func storeResolution() throws {
    let site = try RenderedSite(folder: schedule)
    let ios = try site.json("api/v1/ios/1.0.0.json")["announcements"] as? [[String: Any]]
    let android = try site.json("api/v1/android/1.0.0.json")["announcements"] as? [[String: Any]]
    #expect(ios?.first?["actionUrl"] as? String == "https://apps.example/schedule")
    #expect(android?.first?["actionUrl"] as? String == "https://play.example/schedule")
  }

  @Test(
    "each record in exactly the outputs DESIGN says",
    arguments: [
      ("api/v1/ios/1.0.0.json", ["wall", "live"]),
      ("api/v1/ios/1.1.0.json", ["ios-only-range", "live"]),
      ("api/v1/ios/2.0.0.json", ["live"]), ("api/v1/android/2.0.0.json", ["live"]),
      ("api/v1/ios/live.json", ["ios-only-range", "wall", "live"]),
      ("api/v1/android/live.json", ["wall", "live"]),
    ])
  func selection(_ path: String, _ expected: [String]) throws {
    #expect(ids(try RenderedSite(folder: schedule).json(path)) == expected)
  }

  @Test("drafts appear only with --drafts, marked on every row")
  func drafts() throws {
    let site = try RenderedSite(folder: schedule, drafts: true)
    let rows = try site.json("api/v1/ios/2.0.0.json")["announcements"] as? [[String: Any]] ?? []
    #expect(rows.compactMap { $0["id"] as? String } == ["draft", "live"])
    #expect(rows.compactMap { $0["draft"] as? Bool } == [true, false])
    #expect(
      try site.text("index.html").contains("<span class=\"label label--status\">Draft</span>"))
  }

  @Test("nextChangeAt is the earliest future publishAt or expiresAt; null when none")
  func nextChange() throws {
    #expect(
      try RenderedSite(folder: schedule).json("api/v1/index.json")["nextChangeAt"] as? String
        == "2026-12-01T08:00:00Z")
    let later = try RenderedSite(folder: schedule, now: "2027-01-01T00:00:00Z")
    #expect(try later.json("api/v1/index.json")["nextChangeAt"] is NSNull)
    #expect(ids(try later.json("api/v1/ios/1.0.0.json")) == ["scheduled", "wall", "live"])
  }

  @Test("rows are newest first, then by id")
  func order() throws {
    let rows =
      try RenderedSite(folder: Fixtures.packageRoot).json("api/v1/ios/live.json")["announcements"]
      as? [[String: Any]] ?? []
    let keys = rows.compactMap { row -> String? in
      guard let date = row["publishedAt"] as? String, let id = row["id"] as? String else {
        return nil
      }
      return date + " " + id
    }
    #expect(keys.count == rows.count && keys.count > 3)
    #expect(
      keys
        == keys.sorted {
          $0.split(separator: " ")[0] > $1.split(separator: " ")[0]
            || ($0.split(separator: " ")[0] == $1.split(separator: " ")[0] && $0 < $1)
        })
  }
}
