import Foundation
import HeraldCore
import Testing

@Suite("What an app decides (DESIGN §5)")
struct DecisionRulesTests {
  static let now = Timestamp(seconds: 1_000_000)

  static func row(
    _ id: String, _ severity: Severity, published: Int64 = 900_000, expires: Int64? = nil,
    blocking: Bool = false, action: String? = "https://x.example"
  ) -> ManifestRow {
    ManifestRow(
      id: id, severity: severity, kind: .notice, title: id, actionURL: action, blocking: blocking,
      publishedAt: Timestamp(seconds: published), expiresAt: expires.map { Timestamp(seconds: $0) })
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let fetch: ManifestSource
    var seen: Set<String> = []
    var accountCreated: Int64?
    /// The expected interruption as "shape id", or "" for nothing.
    let shown: String
    let badge: Int
    var archive: [String]?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a failed fetch shows nothing", fetch: .unavailable(.network("refused")), shown: "",
      badge: 0, archive: []),
    Case(
      name: "a timeout shows nothing", fetch: .unavailable(.timedOut), shown: "", badge: 0,
      archive: []),
    Case(
      name: "an unreadable manifest shows nothing", fetch: .unavailable(.unreadable("x")),
      shown: "", badge: 0),
    Case(
      name: "an empty cache shows nothing", fetch: .unavailable(.notFetched), shown: "", badge: 0),
    Case(
      name: "a cached wall after a failed fetch is not a wall, but keeps archive and badge",
      fetch: .cached([row("w", .critical, blocking: true), row("t", .critical)], .timedOut),
      shown: "", badge: 2, archive: ["t", "w"]),
    Case(
      name: "a cached takeover after a failed fetch does not interrupt",
      fetch: .cached([row("t", .critical), row("s", .info)], .status(500)), shown: "", badge: 2),
    Case(name: "an empty manifest shows nothing", fetch: .fresh([]), shown: "", badge: 0),
    Case(
      name: "a valid wall is shown",
      fetch: .fresh([row("w", .critical, blocking: true), row("t", .critical)]),
      shown: "wall w", badge: 2),
    Case(
      name: "a blocking row that is not CRITICAL is ignored",
      fetch: .fresh([row("w", .important, blocking: true), row("s", .info)]),
      shown: "strip s", badge: 1),
    Case(
      name: "a blocking row without an action is ignored",
      fetch: .fresh([row("w", .critical, blocking: true, action: nil)]), shown: "", badge: 0),
    // A hand-edited or hostile channel: an action no app opens is no exit, so no wall.
    Case(
      name: "a blocking row whose action is javascript: is ignored",
      fetch: .fresh([row("w", .critical, blocking: true, action: "javascript:alert(1)")]),
      shown: "", badge: 0, archive: ["w"]),
    Case(
      name: "a blocking row whose action is plain http is ignored",
      fetch: .fresh([row("w", .critical, blocking: true, action: "http://evil.test/")]),
      shown: "", badge: 0),
    Case(
      name: "a blocking row whose action is protocol-relative is ignored",
      fetch: .fresh([row("w", .critical, blocking: true, action: "//evil.test/x")]),
      shown: "", badge: 0),
    Case(
      name: "a blocking row whose action is %20 is ignored, and the next row shows",
      fetch: .fresh([row("w", .critical, blocking: true, action: "%20"), row("s", .info)]),
      shown: "strip s", badge: 1),
    Case(
      name: "a blocking row whose action is an itms-services install is ignored",
      fetch: .fresh([
        row("w", .critical, blocking: true, action: "itms-services://?action=download-manifest")
      ]), shown: "", badge: 0),
    Case(
      name: "a wall ignores seen state and account age",
      fetch: .fresh([row("w", .critical, published: 10, blocking: true)]), seen: ["w"],
      accountCreated: 500_000, shown: "wall w", badge: 0),
    Case(
      name: "the account-age gate hides rows published before the account",
      fetch: .fresh([
        row("old", .critical, published: 100), row("new", .info, published: 950_000),
      ]),
      accountCreated: 900_000, shown: "strip new", badge: 1, archive: ["new", "old"]),
    Case(
      name: "seen rows neither interrupt nor badge",
      fetch: .fresh([row("a", .important), row("b", .info, published: 800_000)]), seen: ["a"],
      shown: "strip b", badge: 1),
    Case(
      name: "priority: takeover over dialog over strip",
      fetch: .fresh([
        row("s", .info, published: 999_000), row("d", .important, published: 998_000),
        row("t", .critical, published: 100),
      ]), shown: "takeover t", badge: 3, archive: ["s", "d", "t"]),
    Case(
      name: "newest first within a severity",
      fetch: .fresh([row("older", .important, published: 100), row("newer", .important)]),
      shown: "dialog newer", badge: 2, archive: ["newer", "older"]),
    Case(
      name: "the id breaks a tie between equally new rows",
      fetch: .fresh([row("b", .important), row("a", .important)]),
      shown: "dialog a", badge: 2, archive: ["a", "b"]),
    Case(
      name: "expired and scheduled rows neither interrupt nor stay in the archive",
      fetch: .fresh([
        row("gone", .critical, expires: 999_999), row("later", .critical, published: 1_000_001),
        row("here", .info),
      ]), shown: "strip here", badge: 1, archive: ["here"]),
    Case(
      name: "the newest of two walls is shown",
      fetch: .fresh([
        row("w1", .critical, published: 100, blocking: true), row("w2", .critical, blocking: true),
      ]), shown: "wall w2", badge: 2),
  ]

  @Test("rules", arguments: cases)
  func rule(_ test: Case) {
    let decision = DecisionRules.decide(
      test.fetch, now: Self.now, seen: test.seen,
      accountCreatedAt: test.accountCreated.map { Timestamp(seconds: $0) })
    let shown = decision.shown.map { "\($0.shape) \($0.row.id)" } ?? ""
    #expect(shown == test.shown)
    #expect(decision.badge == test.badge)
    if let archive = test.archive { #expect(decision.archive.map(\.id) == archive) }
    // Every row gets a verdict, newest first; the archive keeps the delivered ones in that order.
    #expect(
      decision.verdicts.map(\.id) == test.fetch.rows.sorted(by: ManifestRow.newestFirst).map(\.id))
    #expect(
      decision.archive.map(\.id)
        == decision.verdicts.map(\.id).filter { id in
          decision.archive.contains { $0.id == id }
        })
  }

  @Test("nothing else is chosen over a wall, and every other row says why")
  func wallHidesTheRest() {
    let decision = DecisionRules.decide(
      .fresh([
        Self.row("w", .critical, blocking: true), Self.row("t", .critical, published: 800_000),
        Self.row("s", .info, published: 700_000),
      ]), now: Self.now, seen: ["s"])
    #expect(decision.takeover == nil && decision.dialog == nil && decision.strip == nil)
    #expect(
      decision.verdicts.map(\.outcome) == [.shown("wall"), .behindWall("w"), .seen])
  }

  @Test("reasons for rows that are not shown")
  func reasons() {
    let decision = DecisionRules.decide(
      .fresh([
        Self.row("t", .critical, published: 990_000),
        Self.row("d1", .important, published: 980_000),
        Self.row("d2", .important, published: 970_000), Self.row("old", .info, published: 1),
        Self.row("bad", .info, blocking: true),
      ]), now: Self.now, accountCreatedAt: Timestamp(seconds: 100))
    var outcomes: [String: RowVerdict.Outcome] = [:]
    for verdict in decision.verdicts { outcomes[verdict.id] = verdict.outcome }
    #expect(outcomes["t"] == .shown("takeover"))
    #expect(outcomes["d1"] == .outranked(by: "t"))
    #expect(outcomes["d2"] == .superseded(by: "d1"))
    #expect(outcomes["old"] == .gatedByAccountAge)
    #expect(outcomes["bad"] == .invalidWall("it is INFO, and only CRITICAL may block"))
  }

  @Test("an app reads a manifest document; rows it cannot read are left out")
  func decoding() throws {
    let row = """
      "title": "A", "kind": "NOTICE", "publishedAt": "2026-01-01T00:00:00Z", "blocking": false,
      "actionUrl": null, "actionLabel": null, "body": {"paragraphs": ["p"], "bullets": []},
      "html": "<p>p</p>", "updatedAt": null, "expiresAt": null, "minVersion": "1.10",
      "maxVersion": null, "url": "https://x.example/a/"
      """
    let document = """
      {"schemaVersion": 1, "scope": "live", "platform": "ios", "updated": null,
       "nextChangeAt": null, "announcements": [
        {"id": "a", "severity": "INFO", \(row)},
        {"id": "b", "severity": "LOUD", \(row)},
        {"id": "c"}
      ]}
      """
    let manifest = try ManifestDocument.decode(Data(document.utf8)).get()
    #expect(manifest.announcements.map(\.id) == ["a"])
    #expect(manifest.announcements.first?.body.paragraphs == ["p"])
    #expect(manifest.announcements.first?.minVersion == Version("1.10.0"))
    guard case .failure(.unreadable) = ManifestDocument.decode(Data("<html>".utf8)) else {
      Issue.record("HTML was read as a manifest")
      return
    }
    let newer = ManifestDocument.decode(Data(#"{"schemaVersion": 2, "announcements": []}"#.utf8))
    guard case .failure(.unknownSchema(2)) = newer else {
      Issue.record("a newer schema was not recognised: \(newer)")
      return
    }
  }
}
