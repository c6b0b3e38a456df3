/// Where a record stands at a time, by DESIGN §3's definitions.
package enum RecordStatus: String, Sendable, Hashable, CaseIterable {
  /// A draft, left out unless drafts are asked for.
  case draft
  /// `active: false`: the kill switch removes it from every output.
  case inactive
  /// `publishAt` is still ahead.
  case scheduled
  /// Published, but `expiresAt` has passed: in the archive, no longer interrupting.
  case expired
  /// Published, active and not expired: in the manifests.
  case live
}

extension Announcement {
  /// The record's status; a draft is a draft first, then the kill switch, then time decides.
  package func status(at now: Timestamp) -> RecordStatus {
    if draft { return .draft }
    if !active { return .inactive }
    if !isPublished(at: now) { return .scheduled }
    if isExpired(at: now) { return .expired }
    return .live
  }
}

/// How many records of a site stand where at a time, and when that next changes.
package struct RecordCensus: Sendable, Hashable {
  /// Records in the manifests now.
  package let live: Int
  /// Records whose `publishAt` is ahead.
  package let scheduled: Int
  /// Records past `expiresAt`.
  package let expired: Int
  /// Records switched off.
  package let inactive: Int
  /// Drafts.
  package let drafts: Int
  /// The earliest future `publishAt` or `expiresAt` of an active record that is not a draft
  /// (or of any active record when `includeDrafts`).
  package let nextChangeAt: Timestamp?

  /// Makes a census from its counts.
  package init(
    live: Int, scheduled: Int, expired: Int, inactive: Int, drafts: Int, nextChangeAt: Timestamp?
  ) {
    (self.live, self.scheduled, self.expired, self.inactive, self.drafts) =
      (live, scheduled, expired, inactive, drafts)
    self.nextChangeAt = nextChangeAt
  }

  /// Counts the records of a site at a time.
  package init(site: Site, now: Timestamp, includeDrafts: Bool = false) {
    var (live, scheduled, expired, inactive, drafts) = (0, 0, 0, 0, 0)
    for announcement in site.announcements {
      switch announcement.status(at: now) {
      case .live: live += 1
      case .scheduled: scheduled += 1
      case .expired: expired += 1
      case .inactive: inactive += 1
      case .draft: drafts += 1
      }
    }
    (self.live, self.scheduled, self.expired, self.inactive, self.drafts) =
      (live, scheduled, expired, inactive, drafts)
    nextChangeAt = Self.nextChange(in: site.announcements, after: now, includeDrafts: includeDrafts)
  }

  /// The earliest `publishAt` or `expiresAt` after now among records that can reach an output.
  package static func nextChange(
    in announcements: [Announcement], after now: Timestamp, includeDrafts: Bool
  ) -> Timestamp? {
    var earliest: Timestamp?
    for announcement in announcements {
      guard let change = nextChange(of: announcement, after: now, includeDrafts: includeDrafts)
      else { continue }
      if earliest.map({ change < $0 }) ?? true { earliest = change }
    }
    return earliest
  }

  /// The earliest of a record's `publishAt`, `expiresAt` and rollout steps after now, when it can
  /// reach an output (active, and not a draft unless drafts are delivered).
  package static func nextChange(
    of announcement: Announcement, after now: Timestamp, includeDrafts: Bool
  ) -> Timestamp? {
    guard announcement.active && (includeDrafts || !announcement.draft) else { return nil }
    var earliest = announcement.publishAt > now ? announcement.publishAt : nil
    if let expiry = announcement.expiresAt, expiry > now, earliest.map({ expiry < $0 }) ?? true {
      earliest = expiry
    }
    // Each step of a rollout widens who is reached: a client decides again then.
    for step in announcement.rollout?.steps ?? [] {
      let at = step.begins(after: announcement.publishAt)
      if at > now, earliest.map({ at < $0 }) ?? true { earliest = at }
    }
    return earliest
  }
}
