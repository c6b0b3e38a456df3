/// Where the client keeps what outlives a launch: the last copy of each document it read, each
/// user's seen marks and the install's id, as text under keys that start with `herald:`.
///
/// The same small key-value store as the TypeScript and Kotlin clients ask for: back it with a
/// folder (`HeraldFileStorage`, the default), memory (`HeraldMemoryStorage`), or the app's own
/// store (UserDefaults, the keychain, a database) in a few lines. A store that fails may throw:
/// the client takes a failed read as nothing kept, and a failed write as a download (or a message
/// shown once more) later.
public protocol HeraldStorage: Sendable {
  /// The text kept under a key, or nil.
  func get(_ key: String) async throws -> String?
  /// Keeps text under a key, replacing what was there.
  func set(_ key: String, _ value: String) async throws
}
