/// A valid site: its configuration and every record, drafts and inactive ones included.
package struct Site: Sendable, Hashable {
  /// The configuration.
  package let config: SiteConfig
  /// Every record, newest `publishAt` first, then by id.
  package let announcements: [Announcement]

  /// Makes a site, putting the records in their canonical order.
  package init(config: SiteConfig, announcements: [Announcement]) {
    self.config = config
    // Sorting positions rather than records moves each record once: a record is a large value.
    let order = announcements.indices.sorted {
      Announcement.newestFirst(announcements[$0], announcements[$1])
    }
    self.announcements = order.map { announcements[$0] }
  }
}

extension Announcement {
  /// The order of every list of records: newest `publishAt` first, then id.
  package static func newestFirst(_ lhs: Announcement, _ rhs: Announcement) -> Bool {
    if lhs.publishAt != rhs.publishAt { return lhs.publishAt > rhs.publishAt }
    return lhs.id < rhs.id
  }
}
