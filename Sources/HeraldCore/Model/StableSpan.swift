/// The span of time around a build's time in which no record of a site changes state: every
/// decision a build makes about time compares it with a record's `publishAt`, `expiresAt` or a
/// rollout step's start, so at any time in the span a build decides exactly as it did.
package struct StableSpan: Sendable, Hashable {
  /// The latest of those times at or before the build's time (nil: none, the span has no start).
  package let since: Timestamp?
  /// The earliest of them after the build's time (nil: none, the span has no end).
  package let until: Timestamp?

  /// Makes a span from its ends.
  package init(since: Timestamp?, until: Timestamp?) {
    self.since = since
    self.until = until
  }

  /// The span around a time among these records, drafts and inactive ones included.
  package init(around now: Timestamp, of announcements: [Announcement]) {
    var since: Timestamp?
    var until: Timestamp?
    func consider(_ time: Timestamp) {
      if time <= now {
        if since.map({ time > $0 }) ?? true { since = time }
      } else if until.map({ time < $0 }) ?? true {
        until = time
      }
    }
    for announcement in announcements {
      consider(announcement.publishAt)
      if let expiry = announcement.expiresAt { consider(expiry) }
      for step in announcement.rollout?.steps ?? [] {
        consider(step.begins(after: announcement.publishAt))
      }
    }
    self.init(since: since, until: until)
  }

  /// Whether a time is in the span.
  package func contains(_ time: Timestamp) -> Bool {
    (since.map { $0 <= time } ?? true) && (until.map { time < $0 } ?? true)
  }
}
