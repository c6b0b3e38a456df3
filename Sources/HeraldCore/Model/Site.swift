/// A valid site: its configuration and every record, drafts and inactive ones included.
public struct Site: Sendable, Hashable {
  /// The configuration.
  public let config: SiteConfig
  /// Every record, newest `publishAt` first, then by id.
  public let announcements: [Announcement]

  /// Makes a site, putting the records in their canonical order.
  public init(config: SiteConfig, announcements: [Announcement]) {
    self.config = config
    self.announcements = announcements.sorted(by: Announcement.newestFirst)
  }
}

extension Announcement {
  /// The order of every list of records: newest `publishAt` first, then id.
  public static func newestFirst(_ lhs: Announcement, _ rhs: Announcement) -> Bool {
    if lhs.publishAt != rhs.publishAt { return lhs.publishAt > rhs.publishAt }
    return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
  }
}
