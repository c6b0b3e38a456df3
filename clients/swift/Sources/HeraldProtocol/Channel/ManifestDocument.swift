/// A release's manifest (`api/v1/<platform>/<version>.json`) or a platform's `live.json`: the one
/// definition of both shapes, which the build encodes and apps decode.
///
/// `Row` is `ManifestRow` when reading; the build writes rows it has already encoded.
package struct ManifestDocument<Row: Codable & Sendable & Hashable>: Sendable, Hashable, Codable {
  /// The shape's version; an app refuses one it does not know.
  package let schemaVersion: Int
  /// `release` for a release's manifest, `all` for every record of a platform.
  package let scope: Scope
  /// The platform key.
  package let platform: String
  /// The release, for a release's manifest.
  package let version: String?
  /// The latest `updatedAt` or `publishedAt` of its rows.
  package let updated: Timestamp?
  /// The next time the manifest changes by itself (a record goes live or expires), if any.
  package let nextChangeAt: Timestamp?
  /// The rows, newest first.
  package let announcements: [Row]

  /// The two shapes.
  package enum Scope: String, Sendable, Hashable, Codable {
    /// The live records whose range holds one release.
    case release
    /// Every published, active record of a platform, with its range.
    case live
  }

  /// The schema version this library reads and herald writes.
  package static var currentSchemaVersion: Int { 1 }

  /// Makes a document.
  package init(
    scope: Scope, platform: String, version: String?, updated: Timestamp?,
    nextChangeAt: Timestamp?, announcements: [Row]
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.scope = scope
    self.platform = platform
    self.version = version
    self.updated = updated
    self.nextChangeAt = nextChangeAt
    self.announcements = announcements
  }

  enum CodingKeys: String, CodingKey {
    case schemaVersion, scope, platform, version, updated, nextChangeAt, announcements
  }

  /// Reads a document; a row that cannot be read is left out rather than failing the rest (a
  /// manifest a little newer than the app still shows what the app understands).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    guard schemaVersion == Self.currentSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription: "schemaVersion \(schemaVersion) is not one this app reads")
    }
    scope = try container.decode(Scope.self, forKey: .scope)
    platform = try container.decode(String.self, forKey: .platform)
    version = try container.decodeIfPresent(String.self, forKey: .version)
    updated = try container.decodeIfPresent(Timestamp.self, forKey: .updated)
    nextChangeAt = try container.decodeIfPresent(Timestamp.self, forKey: .nextChangeAt)
    announcements = try container.decode([Lossy<Row>].self, forKey: .announcements)
      .compactMap(\.value)
  }

  /// Writes every key (`version` only for a release's manifest).
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(scope, forKey: .scope)
    try container.encode(platform, forKey: .platform)
    try container.encodeIfPresent(version, forKey: .version)
    try container.encode(updated, forKey: .updated)
    try container.encode(nextChangeAt, forKey: .nextChangeAt)
    try container.encode(announcements, forKey: .announcements)
  }
}

/// A value that is nil when it cannot be decoded, so one bad element does not fail a list.
struct Lossy<Value: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
  let value: Value?

  init(from decoder: any Decoder) throws {
    value = try? Value(from: decoder)
  }
}
