import Foundation

/// Which announcements a user has seen on this device, and when: per user, so switching accounts
/// never shows the previous user the wrong things, or hides from them what they have not seen.
public protocol SeenStore: Sendable {
  /// The ids a user has seen.
  func seenIDs(user: String) async -> Set<String>
  /// Marks ids as seen by a user, now.
  func markSeen(_ ids: Set<String>, user: String) async
  /// The install's own id, made once and kept: with no signed-in user, a rollout's buckets are
  /// taken from it (DESIGN §5.8).
  func installID() async -> String
  /// When each id a user has seen was marked (DESIGN §5.9: a reminder counts from it); a mark
  /// stored with no time is taken as made `now`, and kept so.
  func seenMarks(user: String, now: Timestamp) async -> [String: Timestamp?]
  /// Marks ids as seen by a user at a time, replacing an earlier mark's time.
  func markSeen(_ ids: Set<String>, user: String, at time: Timestamp) async
}

/// Keeps each user's marks in a JSON file of their own in a folder: `{"id": "2026-11-30T…Z"}`
/// (a list of ids, as earlier versions wrote, is read as marks made when it is first read).
public actor FileSeenStore: SeenStore {
  /// The folder.
  public let folder: URL

  /// Stores in a folder (by default next to the manifest cache), created when first needed.
  public init(folder: URL = FileManifestCache.defaultFolder.appending(path: "seen")) {
    self.folder = folder
  }

  /// The ids a user has seen (none when nothing was stored, or the file is damaged).
  public func seenIDs(user: String) -> Set<String> {
    guard let marks = read(user: user) else { return [] }
    return Set(marks.keys)
  }

  /// Marks ids as seen by a user, at the system's time.
  public func markSeen(_ ids: Set<String>, user: String) {
    markSeen(ids, user: user, at: Timestamp(date: Date()))
  }

  /// When each id was marked; a list written by an earlier version is taken as marked now, and
  /// written back so.
  public func seenMarks(user: String, now: Timestamp) -> [String: Timestamp?] {
    guard let stored = read(user: user) else { return [:] }
    var marks: [String: Timestamp?] = [:]
    var migrated = false
    for (id, time) in stored {
      if let time, let parsed = Timestamp(time) {
        marks[id] = parsed
      } else {
        marks[id] = now
        migrated = true
      }
    }
    if migrated { write(marks.compactMapValues { $0 }, user: user) }
    return marks
  }

  /// Marks ids at a time, written atomically.
  public func markSeen(_ ids: Set<String>, user: String, at time: Timestamp) {
    var marks = seenMarks(user: user, now: time).compactMapValues { $0 }
    for id in ids { marks[id] = time }
    write(marks, user: user)
  }

  /// The install's id, kept in the folder's `install-id` (made the first time, written atomically).
  public func installID() -> String {
    let file = folder.appending(path: "install-id")
    if let data = try? Data(contentsOf: file),
      let text = String(data: data, encoding: .utf8)?.trimmingCharacters(
        in: .whitespacesAndNewlines),
      !text.isEmpty
    {
      return text
    }
    let made = UUID().uuidString.lowercased()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? Data(made.utf8).write(to: file, options: .atomic)
    return made
  }

  /// The stored marks by id, a time's text or nil for an id from an earlier version's list, or
  /// whose value is no text (a null, a later version's object): the id stays seen either way.
  private func read(user: String) -> [String: String?]? {
    guard let data = try? Data(contentsOf: file(for: user)) else { return nil }
    if let marks = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
      return marks.mapValues { value -> String? in value as? String }
    }
    guard let ids = try? JSONDecoder().decode([String].self, from: data) else { return nil }
    var marks: [String: String?] = [:]
    for id in ids { marks[id] = .some(nil) }
    return marks
  }

  private func write(_ marks: [String: Timestamp], user: String) {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(marks.mapValues(\.rfc3339)) else { return }
    try? data.write(to: file(for: user), options: .atomic)
  }

  /// One file per user, named by a hash of the id (any string is a valid user id).
  private func file(for user: String) -> URL {
    folder.appending(path: "user-" + MemoryTransport.hash(Data(user.utf8)) + ".json")
  }
}

/// Keeps seen marks in memory only.
public actor MemorySeenStore: SeenStore {
  private var marks: [String: [String: Timestamp?]]
  private let install = UUID().uuidString.lowercased()

  /// Starts with these ids seen, per user, with no time (they never remind).
  public init(seen: [String: Set<String>] = [:]) {
    marks = seen.mapValues { ids in
      var marks: [String: Timestamp?] = [:]
      for id in ids { marks[id] = .some(nil) }
      return marks
    }
  }

  /// Starts with these marks, per user.
  public init(marks: [String: [String: Timestamp?]]) { self.marks = marks }

  /// The ids a user has seen.
  public func seenIDs(user: String) -> Set<String> {
    guard let marked = marks[user] else { return [] }
    return Set(marked.keys)
  }

  /// Adds ids to a user's seen list, with no time.
  public func markSeen(_ ids: Set<String>, user: String) {
    for id in ids where marks[user]?[id] == nil { marks[user, default: [:]][id] = .some(nil) }
  }

  /// When each id was marked.
  public func seenMarks(user: String, now: Timestamp) -> [String: Timestamp?] { marks[user] ?? [:] }

  /// Marks ids at a time.
  public func markSeen(_ ids: Set<String>, user: String, at time: Timestamp) {
    for id in ids { marks[user, default: [:]][id] = time }
  }

  /// An id made when the store was.
  public func installID() -> String { install }
}
