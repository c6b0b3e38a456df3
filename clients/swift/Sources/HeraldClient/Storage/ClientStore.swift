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
  /// Each URL's document as this store last read or wrote it (nil: stored nowhere).
  private var kept: [URL: CachedDocument?] = [:]

  /// The store of an app's storage.
  package init(_ storage: any HeraldStorage) { self.storage = storage }

  /// A document as cached: its bytes (as a fetch gives them and the decoder reads them, so a poll
  /// converts nothing) and the validators it came with.
  package struct CachedDocument: Sendable {
    let body: Data
    let etag: String?
    let lastModified: String?

    /// A document's bytes and validators.
    package init(body: Data, etag: String?, lastModified: String?) {
      self.body = body
      self.etag = etag
      self.lastModified = lastModified
    }

    /// A document's text and validators.
    package init(body: String, etag: String?, lastModified: String?) {
      self.init(body: Data(body.utf8), etag: etag, lastModified: lastModified)
    }
  }

  /// The cached copy of a URL's document; a damaged entry or a failing storage counts as none.
  ///
  /// Storage is read once per URL: after that, the copy this store last read or wrote (one another
  /// client wrote since costs a download, never a wrong answer).
  func document(for url: URL) async -> CachedDocument? {
    if let known = kept[url] { return known }
    guard let text = await read(Self.documentKey(url)) else { return nil }
    let document = Self.cachedDocument(text)
    kept.updateValue(document, forKey: url)
    return document
  }

  /// Keeps a document; a failure to write only costs a download later.
  package func keep(_ document: CachedDocument, for url: URL) async {
    kept[url] = document
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let validators = Validators(etag: document.etag, lastModified: document.lastModified)
    guard let header = try? encoder.encode(validators) else { return }
    await write(
      Self.documentKey(url),
      Self.documentHeader + String(decoding: header, as: UTF8.self) + "\n"
        + String(decoding: document.body, as: UTF8.self))
  }

  /// The body of a URL's cached copy (for tests).
  package func cachedBody(for url: URL) async -> String? {
    await document(for: url).map { String(decoding: $0.body, as: UTF8.self) }
  }

  /// The first line of a stored document: then its validators as JSON, then its body as it came,
  /// unescaped (as the TypeScript and Kotlin clients keep it).
  package static let documentHeader = "herald-document 1\n"

  /// A stored document's validators.
  private struct Validators: Codable {
    let etag: String?
    let lastModified: String?
  }

  /// A document as earlier versions stored it: one JSON object.
  private struct EarlierDocument: Codable {
    let body: String
    let etag: String?
    let lastModified: String?
  }

  /// A stored document, as this version keeps it or as a JSON object of an earlier one.
  static func cachedDocument(_ text: String) -> CachedDocument? {
    guard text.hasPrefix(documentHeader) else {
      guard let earlier = try? JSONDecoder().decode(EarlierDocument.self, from: Data(text.utf8))
      else { return nil }
      return CachedDocument(
        body: earlier.body, etag: earlier.etag, lastModified: earlier.lastModified)
    }
    let rest = text.utf8.dropFirst(documentHeader.utf8.count)
    guard let end = rest.firstIndex(of: UInt8(ascii: "\n")),
      let validators = try? JSONDecoder().decode(Validators.self, from: Data(rest[..<end]))
    else { return nil }
    return CachedDocument(
      body: Data(rest[rest.index(after: end)...]), etag: validators.etag,
      lastModified: validators.lastModified)
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

  /// The highest generation of a signed channel's statement this install accepted, if any.
  package func highestGeneration(channel: String) async -> Int64? {
    await read(Self.generationKey(channel)).flatMap { Int64($0) }
  }

  /// Keeps a statement's generation when it is the highest accepted, so an older one is refused
  /// from then on, across launches.
  package func accept(generation: Int64, channel: String) async {
    if let highest = await highestGeneration(channel: channel), highest >= generation { return }
    await write(Self.generationKey(channel), String(generation))
  }

  /// The storage key of a signed channel's highest accepted generation.
  package static func generationKey(_ channel: String) -> String {
    "herald:generation:" + ContentHash.hex(Array(channel.utf8))
  }

  /// The storage key of a URL's cached document.
  package static func documentKey(_ url: URL) -> String {
    "herald:document:" + ContentHash.hex(Array(url.absoluteString.utf8))
  }

  /// The storage key of a user's seen marks (any string is a valid user id).
  package static func seenKey(_ user: String) -> String {
    seenPrefix + ContentHash.hex(Array(user.utf8))
  }
}
