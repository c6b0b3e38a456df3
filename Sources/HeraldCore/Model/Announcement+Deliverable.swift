import HeraldProtocol

extension Announcement: Deliverable {
  /// `publishAt`.
  package var publishedAt: Timestamp { publishAt }
  /// `active`.
  package var isActive: Bool { active }
  /// `draft`.
  package var isDraft: Bool { draft }
  /// `platforms`.
  package var reachedPlatforms: [String]? { platforms }
}
