/// What the delivery rule needs to know of a record or of a row: when it is published and expires,
/// the versions it reaches, and whether it is switched on or a draft.
///
/// A record of a site and a row of `live.json` are judged by the same rule
/// (`ManifestExclusion.reason`).
package protocol Deliverable {
  /// When it goes live.
  var publishedAt: Timestamp { get }
  /// When it stops interrupting, if ever.
  var expiresAt: Timestamp? { get }
  /// The versions it reaches.
  var range: VersionRange { get }
  /// Whether it is switched on (`active`).
  var isActive: Bool { get }
  /// Whether it is a draft.
  var isDraft: Bool { get }
  /// The platforms it reaches, or nil for every platform.
  var reachedPlatforms: [String]? { get }
}

extension Deliverable {
  /// Published: `publishedAt` is at or before now.
  package func isPublished(at now: Timestamp) -> Bool { publishedAt <= now }

  /// Expired: `expiresAt` is at or before now.
  package func isExpired(at now: Timestamp) -> Bool { expiresAt.map { $0 <= now } ?? false }

  /// Live: published, active and not expired (drafts are decided by the caller).
  package func isLive(at now: Timestamp) -> Bool {
    isActive && isPublished(at: now) && !isExpired(at: now)
  }

  /// Whether it reaches a platform.
  package func reaches(platform: String) -> Bool {
    Self.reaches(platform: platform, listed: reachedPlatforms)
  }

  /// The platform rule: a record reaches every platform unless it lists the ones it reaches.
  package static func reaches(platform: String, listed: [String]?) -> Bool {
    listed?.contains(platform) ?? true
  }
}

extension ManifestRow: Deliverable {
  /// Rows are of active records only: the kill switch leaves a record out of every manifest.
  package var isActive: Bool { true }
  /// A row marked as a draft (only a build with drafts has them).
  package var isDraft: Bool { draft ?? false }
  /// A row is in its platform's documents only.
  package var reachedPlatforms: [String]? { nil }
}
