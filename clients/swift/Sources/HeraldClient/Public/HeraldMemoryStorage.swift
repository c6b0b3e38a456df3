/// Keeps everything in memory: nothing survives the process (previews, tests, an app that must
/// leave nothing on the device).
public actor HeraldMemoryStorage: HeraldStorage {
  private var values: [String: String]

  /// Starts with these values (by default none).
  public init(_ values: [String: String] = [:]) { self.values = values }

  /// The text kept under a key, or nil.
  public func get(_ key: String) -> String? { values[key] }

  /// Keeps text under a key.
  public func set(_ key: String, _ value: String) { values[key] = value }
}
