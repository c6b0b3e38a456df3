import Foundation
import HeraldProtocol

/// Keeps each value in a file of a folder, written whole to a new file and then renamed over the
/// old one, so a crash leaves the old value or the new one.
///
/// The default folder is `Application Support/Herald` on Apple's platforms and
/// `$XDG_STATE_HOME/herald-client` (else `~/.local/state/herald-client`) elsewhere: seen marks
/// are the user's state, not a cache, and the `herald` tool's build cache lives elsewhere.
///
/// What the file stores of earlier versions of this library kept (`FileSeenStore`: a user's seen
/// ids and the install's id, in the folder's `seen/` or in the folder itself, or on Linux in
/// `~/.cache/herald/seen/`) is read the first time its key is asked for and kept under the key, so
/// an update of the library loses no seen state and moves no user into or out of a rollout.
public struct HeraldFileStorage: HeraldStorage {
  /// The folder.
  public let folder: URL
  /// Where an earlier version may have kept seen marks and the install's id.
  private let legacyFolders: [URL]

  /// Stores in a folder, created when first written to.
  public init(folder: URL = HeraldFileStorage.defaultFolder) {
    self.folder = folder
    var legacy = [folder.appending(path: "seen"), folder]
    if folder == Self.defaultFolder, let earlier = Self.earlierDefaultFolder {
      legacy.append(earlier.appending(path: "seen"))
    }
    legacyFolders = legacy
  }

  /// The default folder for the platform.
  public static var defaultFolder: URL {
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return base.appending(path: "Herald", directoryHint: .isDirectory)
    #else
      return xdgFolder("XDG_STATE_HOME", else: ".local/state", named: "herald-client")
    #endif
  }

  /// Where versions before this one kept everything by default, when it is not `defaultFolder`:
  /// on Linux, the folder the `herald` tool keeps its build cache in.
  static var earlierDefaultFolder: URL? {
    #if canImport(Darwin)
      return nil
    #else
      return xdgFolder("XDG_CACHE_HOME", else: ".cache", named: "herald")
    #endif
  }

  #if !canImport(Darwin)
    /// A folder in an XDG base directory: the variable's folder when it is set, else the home
    /// folder's `fallback`.
    private static func xdgFolder(_ variable: String, else fallback: String, named name: String)
      -> URL
    {
      let base =
        ProcessInfo.processInfo.environment[variable].flatMap {
          $0.isEmpty ? nil : URL(fileURLWithPath: $0)
        } ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: fallback)
      return base.appending(path: name, directoryHint: .isDirectory)
    }
  #endif

  /// The text kept under a key (or, the first time, what an earlier version kept for it).
  public func get(_ key: String) async throws -> String? {
    let file = file(for: key)
    guard FileManager.default.fileExists(atPath: file.path) else {
      guard let earlier = legacyValue(for: key) else { return nil }
      try? await set(key, earlier)
      return earlier
    }
    return String(decoding: try Data(contentsOf: file), as: UTF8.self)
  }

  /// Keeps text under a key, atomically.
  public func set(_ key: String, _ value: String) async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(value.utf8).write(to: file(for: key), options: .atomic)
  }

  /// A key's file: the hash of the key, so any key is a safe file name (the Kotlin client's
  /// `FileStorage` names its files the same way).
  private func file(for key: String) -> URL {
    folder.appending(path: ContentHash.hex(Array(key.utf8)) + ".json")
  }

  /// What `FileSeenStore` kept for a key: `user-<hash>.json` for a user's seen ids (the hash of
  /// the user id, which the key holds) and `install-id` for the install's id.
  private func legacyValue(for key: String) -> String? {
    let name: String
    if key == ClientStore.installKey {
      name = "install-id"
    } else if key.hasPrefix(ClientStore.seenPrefix) {
      name = "user-" + key.dropFirst(ClientStore.seenPrefix.count) + ".json"
    } else {
      return nil
    }
    for folder in legacyFolders {
      guard let data = try? Data(contentsOf: folder.appending(path: name)) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      return name == "install-id" ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }
    return nil
  }
}
