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
}
