import Foundation
import HeraldClient
import HeraldTestSupport
import Testing

/// The seen store keeps when each id was marked (DESIGN §5.9): a list an earlier version wrote
/// migrates without losing an id, and a reminder comes back at its time.
@Suite("Seen marks with their times")
struct SeenStoreTests {
  static func time(_ text: String) throws -> Timestamp { try #require(Timestamp(text)) }

  @Test("an earlier version's list is read as marked now, and written back so")
  func migration() async throws {
    let folder = try TemporaryDirectory()
    let store = FileSeenStore(folder: folder.url)
    // What the store wrote before times were kept: a sorted list of ids.
    await store.markSeen(["seed"], user: "ada")
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first {
        $0.hasPrefix("user-")
      })
    try Data(#"["a","b"]"#.utf8).write(to: folder.url.appending(path: file))
    let now = try Self.time("2026-11-30T12:00:00Z")
    let marks = await store.seenMarks(user: "ada", now: now)
    #expect(marks == ["a": now, "b": now])
    let written = try String(contentsOf: folder.url.appending(path: file), encoding: .utf8)
    #expect(written == #"{"a":"2026-11-30T12:00:00Z","b":"2026-11-30T12:00:00Z"}"#)
    #expect(await store.seenIDs(user: "ada") == ["a", "b"])
  }

  @Test("a dismissed reminder is unseen again once its time has passed since the last mark")
  func reminder() async throws {
    let store = MemorySeenStore()
    await store.markSeen(["nudge", "news"], user: "ada", at: try Self.time("2026-11-20T00:00:00Z"))
    let rows = [
      ManifestRow(
        id: "nudge", severity: .important, kind: .updateAvailable, title: "Update",
        publishedAt: try Self.time("2026-11-01T00:00:00Z"), remindAfter: 7 * 86_400),
      ManifestRow(
        id: "news", severity: .info, kind: .whatsNew, title: "News",
        publishedAt: try Self.time("2026-11-01T00:00:00Z")),
    ]
    func seen(at text: String) async throws -> Set<String> {
      let now = try Self.time(text)
      return DecisionRules.stillSeen(
        await store.seenMarks(user: "ada", now: now), rows: rows, now: now)
    }
    #expect(try await seen(at: "2026-11-26T23:59:59Z") == ["nudge", "news"])
    #expect(try await seen(at: "2026-11-27T00:00:00Z") == ["news"])
    // Dismissed again: a week from the new mark.
    await store.markSeen(["nudge"], user: "ada", at: try Self.time("2026-11-28T00:00:00Z"))
    #expect(try await seen(at: "2026-12-04T00:00:00Z") == ["nudge", "news"])
    #expect(try await seen(at: "2026-12-05T00:00:00Z") == ["news"])
  }

  /// Issue 46, item 4: a row with `remindAfter: 9223372036854775807` and a timed mark trapped on
  /// `+`, so an app with `FileSeenStore` crashed on every refresh.
  @Test("a reminder too far off to add to a mark never comes due, and never traps")
  func reminderPastTheLastTime() throws {
    let marked = try Self.time("2026-11-20T00:00:00Z")
    let row = ManifestRow(
      id: "nudge", severity: .critical, kind: .notice, title: "Nudge",
      publishedAt: try Self.time("2026-11-01T00:00:00Z"), remindAfter: Int.max)
    let now = try Self.time("2026-11-30T00:00:00Z")
    #expect(DecisionRules.stillSeen(["nudge": marked], rows: [row], now: now) == ["nudge"])
    // And a document that carries one leaves the row out, as every reader does.
    let document = """
      {"schemaVersion": 1, "scope": "live", "platform": "ios", "version": null, "updated": null,
       "nextChangeAt": null, "announcements": [{"id": "nudge", "severity": "CRITICAL",
       "kind": "NOTICE", "title": "Nudge", "body": {"paragraphs": [], "bullets": []}, "html": "",
       "actionUrl": null, "actionLabel": null, "blocking": false,
       "publishedAt": "2026-11-01T00:00:00Z", "updatedAt": null, "expiresAt": null,
       "minVersion": null, "maxVersion": null, "belowVersion": null, "rollout": null,
       "remindAfter": 9223372036854775807, "url": "https://example.com/"}]}
      """
    let decoded = try ManifestDocument.decode(Data(document.utf8)).get()
    #expect(decoded.announcements.isEmpty)
  }

  /// Issue 46, item 12: one stored value that was not a string (a future format, a null) made
  /// the Swift store forget every mark, where the JS and Kotlin stores keep them.
  @Test("a stored mark whose time is not a string keeps its id, as marked now")
  func markWithoutAString() async throws {
    let folder = try TemporaryDirectory()
    let store = FileSeenStore(folder: folder.url)
    await store.markSeen(["seed"], user: "ada")
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first {
        $0.hasPrefix("user-")
      })
    try Data(#"{"a":"2026-11-20T00:00:00Z","b":null,"c":{"at":1},"d":7}"#.utf8)
      .write(to: folder.url.appending(path: file))
    let now = try Self.time("2026-11-30T12:00:00Z")
    let marks = await store.seenMarks(user: "ada", now: now)
    #expect(
      marks == ["a": try Self.time("2026-11-20T00:00:00Z"), "b": now, "c": now, "d": now])
    #expect(await store.seenIDs(user: "ada") == ["a", "b", "c", "d"])
  }
}
