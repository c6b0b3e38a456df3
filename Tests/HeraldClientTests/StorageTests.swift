import Foundation
import HeraldClient
import HeraldProtocol
import HeraldTestSupport
import Testing

/// What the client keeps in an app's `HeraldStorage`: seen marks with their times (DESIGN §5.9),
/// under the keys every client uses, and what earlier versions of the library kept, migrated on
/// first read without losing an id.
@Suite("Storage: seen marks, their times, and what earlier versions kept")
struct StorageTests {
  static func time(_ text: String) throws -> Timestamp { try #require(Timestamp(text)) }

  @Test("a list of ids (an earlier form) is read as marked now, and written back so")
  func listForm() async throws {
    let storage = HeraldMemoryStorage([ClientStore.seenKey("ada"): #"["a","b"]"#])
    let now = try Self.time("2026-11-30T12:00:00Z")
    let marks = await ClientStore(storage).seenMarks(user: "ada", now: now)
    #expect(marks == ["a": now, "b": now])
    let written = await storage.get(ClientStore.seenKey("ada"))
    #expect(written == #"{"a":"2026-11-30T12:00:00Z","b":"2026-11-30T12:00:00Z"}"#)
  }

  @Test("a dismissed reminder is unseen again once its time has passed since the last mark")
  func reminder() async throws {
    let store = ClientStore(HeraldMemoryStorage())
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
      let marks = await store.seenMarks(user: "ada", now: now)
      return DecisionRules.stillSeen(marks.mapValues { .some($0) }, rows: rows, now: now)
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
    let storage = HeraldMemoryStorage([
      ClientStore.seenKey("ada"): #"{"a":"2026-11-20T00:00:00Z","b":null,"c":{"at":1},"d":7}"#
    ])
    let now = try Self.time("2026-11-30T12:00:00Z")
    let marks = await ClientStore(storage).seenMarks(user: "ada", now: now)
    #expect(
      marks == ["a": try Self.time("2026-11-20T00:00:00Z"), "b": now, "c": now, "d": now])
  }

  @Test("marks made at once are all kept: each change reads what the one before wrote")
  func marksAtOnce() async throws {
    let storage = SlowStorage()
    let store = ClientStore(storage)
    let now = try Self.time("2026-11-30T12:00:00Z")
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask { await store.markSeen(["id-\(index)"], user: "ada", at: now) }
      }
    }
    let marks = await store.seenMarks(user: "ada", now: now)
    #expect(marks.count == 20)
  }

  /// What `FileSeenStore` wrote, in the folder an app gave it or in the default folder's `seen/`:
  /// `user-<hash>.json` per user and `install-id`.
  @Test(
    "seen ids and the install id kept by an earlier version are read on first use, and kept",
    arguments: ["seen/", ""])
  func earlierFiles(_ subfolder: String) async throws {
    let folder = try TemporaryDirectory()
    let earlier = folder.url.appending(path: subfolder)
    try FileManager.default.createDirectory(at: earlier, withIntermediateDirectories: true)
    let hash = String(ClientStore.seenKey("ada").dropFirst(ClientStore.seenPrefix.count))
    try Data(#"{"welcome":"2026-11-20T00:00:00Z"}"#.utf8)
      .write(to: earlier.appending(path: "user-\(hash).json"))
    try Data("3f1c0b52-earlier\n".utf8).write(to: earlier.appending(path: "install-id"))
    let storage = HeraldFileStorage(folder: folder.url)
    let store = ClientStore(storage)
    let now = try Self.time("2026-11-30T12:00:00Z")
    #expect(
      await store.seenMarks(user: "ada", now: now) == [
        "welcome": try Self.time("2026-11-20T00:00:00Z")
      ])
    #expect(await store.installID() == "3f1c0b52-earlier")
    #expect(await store.seenMarks(user: "grace", now: now).isEmpty)
    // Kept under the keys: the earlier files are no longer needed.
    try FileManager.default.removeItem(at: earlier.appending(path: "user-\(hash).json"))
    try FileManager.default.removeItem(at: earlier.appending(path: "install-id"))
    let again = ClientStore(HeraldFileStorage(folder: folder.url))
    #expect(await again.seenMarks(user: "ada", now: now).count == 1)
    #expect(await again.installID() == "3f1c0b52-earlier")
  }

  @Test("the default folder is the client's own, never the herald tool's build cache")
  func defaultFolder() {
    let folder = HeraldFileStorage.defaultFolder.standardizedFileURL.path
    #if !canImport(Darwin)
      let toolCache = FileManager.default.homeDirectoryForCurrentUser
        .appending(path: ".cache/herald").standardizedFileURL.path
      #expect(folder != toolCache && !folder.hasPrefix(toolCache + "/"))
      #expect(folder.hasSuffix("/herald-client"))
    #endif
    #expect(!folder.isEmpty)
  }

  /// Issue 48, item 6: every poll decoded the stored copy again (24 of a 25 ms poll at 5 MB).
  @Test("a document is stored unescaped after its validators, and read from storage once per URL")
  func documentsReadOnce() async throws {
    let storage = CountingStorage()
    let url = try #require(URL(string: "https://x.example/a.json"))
    let body = #"{"text": "a \"quoted\" word"}"#
    await ClientStore(storage).keep(
      ClientStore.CachedDocument(body: body, etag: #""v1""#, lastModified: nil), for: url)
    let kept = try #require(await storage.get(ClientStore.documentKey(url)))
    #expect(kept.hasPrefix(ClientStore.documentHeader) && kept.hasSuffix("\n" + body))
    let store = ClientStore(storage)
    let readsBefore = await storage.reads
    for _ in 0..<3 { #expect(await store.cachedBody(for: url) == body) }
    #expect(await storage.reads - readsBefore == 1)
    // What an earlier version stored: one JSON object.
    let earlier = try #require(URL(string: "https://x.example/b.json"))
    await storage.set(
      ClientStore.documentKey(earlier), #"{"body":"{}","etag":"\"v0\"","lastModified":null}"#)
    #expect(await store.cachedBody(for: earlier) == "{}")
  }

  @Test("a storage that fails is nothing kept: the client still decides, and fails open")
  func failingStorage() async throws {
    let store = ClientStore(FailingStorage())
    let now = try Self.time("2026-11-30T12:00:00Z")
    await store.markSeen(["a"], user: "ada", at: now)
    #expect(await store.seenMarks(user: "ada", now: now).isEmpty)
    let first = await store.installID()
    let second = await store.installID()
    #expect(!first.isEmpty && first == second, "one id for the process")
  }
}

/// A storage in memory that counts its reads.
private actor CountingStorage: HeraldStorage {
  private var values: [String: String] = [:]
  private(set) var reads = 0

  func get(_ key: String) -> String? {
    reads += 1
    return values[key]
  }

  func set(_ key: String, _ value: String) { values[key] = value }
}

/// A storage that answers after a pause, so changes made at once overlap.
private actor SlowStorage: HeraldStorage {
  private var values: [String: String] = [:]

  func get(_ key: String) async -> String? {
    await Task.yield()
    return values[key]
  }

  func set(_ key: String, _ value: String) async {
    await Task.yield()
    values[key] = value
  }
}

/// A storage that refuses everything, as a full disk or a locked keychain does.
private struct FailingStorage: HeraldStorage {
  struct Refused: Error {}

  func get(_ key: String) async throws -> String? { throw Refused() }

  func set(_ key: String, _ value: String) async throws { throw Refused() }
}
