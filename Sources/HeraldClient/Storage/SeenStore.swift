import Foundation

/// Which announcements a user has seen on this device: per user, so switching accounts never shows
/// the previous user the wrong things, or hides from them what they have not seen.
public protocol SeenStore: Sendable {
  /// The ids a user has seen.
  func seenIDs(user: String) async -> Set<String>
  /// Marks ids as seen by a user.
  func markSeen(_ ids: Set<String>, user: String) async
}

/// Keeps each user's seen ids in a JSON file of their own in a folder.
public actor FileSeenStore: SeenStore {
  /// The folder.
  public let folder: URL

  /// Stores in a folder (by default next to the manifest cache), created when first needed.
  public init(folder: URL = FileManifestCache.defaultFolder.appending(path: "seen")) {
    self.folder = folder
  }

  /// The ids a user has seen (none when nothing was stored, or the file is damaged).
  public func seenIDs(user: String) -> Set<String> {
    guard let data = try? Data(contentsOf: file(for: user)),
      let ids = try? JSONDecoder().decode([String].self, from: data)
    else { return [] }
    return Set(ids)
  }

  /// Adds ids to a user's seen list, written atomically.
  public func markSeen(_ ids: Set<String>, user: String) {
    let all = seenIDs(user: user).union(ids)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard let data = try? JSONEncoder().encode(all.sorted()) else { return }
    try? data.write(to: file(for: user), options: .atomic)
  }

  /// One file per user, named by a hash of the id (any string is a valid user id).
  private func file(for user: String) -> URL {
    folder.appending(path: "user-" + MemoryTransport.hash(Data(user.utf8)) + ".json")
  }
}

/// Keeps seen ids in memory only.
public actor MemorySeenStore: SeenStore {
  private var seen: [String: Set<String>]

  /// Starts with these ids seen, per user.
  public init(seen: [String: Set<String>] = [:]) { self.seen = seen }

  /// The ids a user has seen.
  public func seenIDs(user: String) -> Set<String> { seen[user] ?? [] }

  /// Adds ids to a user's seen list.
  public func markSeen(_ ids: Set<String>, user: String) { seen[user, default: []].formUnion(ids) }
}
