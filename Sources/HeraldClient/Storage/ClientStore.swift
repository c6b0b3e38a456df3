import Foundation
import HeraldProtocol

/// The documents, seen marks and install id a client keeps in an app's `HeraldStorage`, under the
/// keys and in the forms every Herald client uses: `herald:document:<hash of the URL>` (the body
/// and its validators), `herald:seen:<hash of the user id>` (`{"id": "2026-11-30T12:00:00Z"}`, when
/// each id was marked) and `herald:install`.
///
/// Changes to a user's marks are made one after another (a read, then a write), so two marks made
/// at once both stay.
package actor ClientStore {
  /// The storage key of the install's own id.
  package static let installKey = "herald:install"
  /// What a user's seen marks are kept under, before the hash of the user id.
  package static let seenPrefix = "herald:seen:"

  private let storage: any HeraldStorage
  /// The last change of marks under way: the next one waits for it.
  private var lastChange: Task<Void, Never>?
  /// An install id made when none could be kept, so one process keeps one.
  private var madeInstallID: String?

  /// The store of an app's storage.
  package init(_ storage: any HeraldStorage) { self.storage = storage }

  /// A document as cached: its bytes and the validators it came with.
  package struct CachedDocument: Sendable, Codable {
    let body: String
    let etag: String?
    let lastModified: String?

    /// A document's text and validators.
    package init(body: String, etag: String?, lastModified: String?) {
      self.body = body
      self.etag = etag
      self.lastModified = lastModified
    }
  }

  /// The cached copy of a URL's document; a damaged entry or a failing storage counts as none.
  func document(for url: URL) async -> CachedDocument? {
    guard let text = await read(Self.documentKey(url)) else { return nil }
    return try? JSONDecoder().decode(CachedDocument.self, from: Data(text.utf8))
  }

  /// Keeps a document; a failure to write only costs a download later.
  package func keep(_ document: CachedDocument, for url: URL) async {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(document) else { return }
    await write(Self.documentKey(url), String(decoding: data, as: UTF8.self))
  }

  /// When each id a user has seen was marked; a list of ids (as earlier versions kept) is read as
  /// marked `now`, and kept so.
  package func seenMarks(user: String, now: Timestamp) async -> [String: Timestamp] {
    guard let text = await read(Self.seenKey(user)),
      let value = try? JSONSerialization.jsonObject(with: Data(text.utf8))
    else { return [:] }
    if let ids = value as? [Any] {
      var marks: [String: Timestamp] = [:]
      for case let id as String in ids { marks[id] = now }
      await writeMarks(marks, user: user)
      return marks
    }
    guard let object = value as? [String: Any] else { return [:] }
    var marks: [String: Timestamp] = [:]
    for (id, time) in object {
      // A mark whose time cannot be read (a later version's form) stays seen, as of now.
      marks[id] = (time as? String).flatMap(Timestamp.init) ?? now
    }
    return marks
  }

  /// Marks ids seen by a user at a time, replacing earlier marks' times.
  package func markSeen(_ ids: Set<String>, user: String, at time: Timestamp) async {
    let previous = lastChange
    let change = Task {
      await previous?.value
      var marks = await seenMarks(user: user, now: time)
      for id in ids { marks[id] = time }
      await writeMarks(marks, user: user)
    }
    lastChange = change
    await change.value
  }

  /// The install's own id, made once and kept.
  ///
  /// With no signed-in user, a rollout's buckets are taken from it (DESIGN §5.8). If it cannot be
  /// kept, this process keeps the one it made.
  package func installID() async -> String {
    if let kept = await read(Self.installKey), !kept.isEmpty { return kept }
    if let made = madeInstallID { return made }
    let made = UUID().uuidString.lowercased()
    madeInstallID = made
    await write(Self.installKey, made)
    return made
  }

  private func writeMarks(_ marks: [String: Timestamp], user: String) async {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(marks.mapValues(\.rfc3339)) else { return }
    await write(Self.seenKey(user), String(decoding: data, as: UTF8.self))
  }

  private func read(_ key: String) async -> String? { (try? await storage.get(key)) ?? nil }

  private func write(_ key: String, _ value: String) async { try? await storage.set(key, value) }

  /// The storage key of a URL's cached document.
  package static func documentKey(_ url: URL) -> String {
    "herald:document:" + ContentHash.hex(Array(url.absoluteString.utf8))
  }

  /// The storage key of a user's seen marks (any string is a valid user id).
  package static func seenKey(_ user: String) -> String {
    seenPrefix + ContentHash.hex(Array(user.utf8))
  }
}
