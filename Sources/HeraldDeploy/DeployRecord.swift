import Foundation

/// What the bucket itself remembers of earlier deploys (`.herald/deploys.json` under the prefix,
/// put after the pointers): each file's SHA-256 and the ETag the store gave it, so an unchanged
/// file is not sent again, and the content-addressed documents the pointers of the last deploys
/// named, so a fresh CI runner deletes none an app may still be reading.
struct DeployRecord: Codable, Sendable, Equatable {
  /// The record's path under the prefix.
  static let path = ".herald/deploys.json"

  /// A file as the last deploy left it.
  struct Stored: Codable, Sendable, Equatable {
    let sha256: String
    let etag: String
  }

  /// Every file the last deploy left, by path.
  var files: [String: Stored] = [:]
  /// The documents under `api/v1/objects/` each recent deploy's pointers named, newest first.
  var deploys: [[String]] = []

  /// The record's bytes: sorted keys, so an unchanged record is not put again.
  var bytes: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
  }

  /// Reads a record; nil for a missing or unreadable one (every file is then sent again, and
  /// nothing an earlier deploy named is known: deletes spare every object).
  static func read(_ bytes: [UInt8]?) -> DeployRecord? {
    guard let bytes else { return nil }
    return try? JSONDecoder().decode(DeployRecord.self, from: Data(bytes))
  }
}
