import HeraldCore

/// What a record contributes to the fingerprint of a file that shows it: the key of what it was
/// read from, and its state at the build's time (published, expired), as its card shows it.
package struct RecordMark: Sendable, Hashable {
  /// The fingerprint of what the record was read from (its file's path and bytes, herald.yaml).
  package let key: Fingerprint
  /// Its state at the build's time: 1 when published, 2 when expired.
  package let state: UInt64

  /// Makes a mark from its parts.
  package init(key: Fingerprint, state: UInt64) {
    self.key = key
    self.state = state
  }

  /// A record's mark at a time; nil for a record not read through a cache (it has no key).
  package init?(_ announcement: Announcement, now: Timestamp) {
    guard let key = announcement.sourceKey else { return nil }
    self.init(key: key, state: Self.state(of: announcement, at: now))
  }

  /// A record's state at a time, as pages show it ("Scheduled for…", "expired").
  package static func state(of announcement: Announcement, at now: Timestamp) -> UInt64 {
    (announcement.isPublished(at: now) ? 1 : 0) | (announcement.isExpired(at: now) ? 2 : 0)
  }
}

/// Everything a file of the output is made from besides the environment (herald, herald.yaml, the
/// theme, the options): the one definition of its fingerprint, for a build that plans every file
/// and for an edit's rebuild that plans again only the files that show the records it changed.
///
/// `IncrementalBuildTests` rebuilds sites after every kind of change and checks each file against
/// a build from nothing.
package enum FileInputs: Sendable {
  /// A page of the archive (0 the front page): it shows its records, links to an older page, may
  /// say how many numbered pages there are, and the front page has a notice for every wall
  /// (`walls`, nil on the other pages).
  case archive(page: Int, count: Int, older: Int?, records: [RecordMark], walls: [RecordMark]?)
  /// The not-found page.
  case notFound
  /// A record's page.
  case announcement(RecordMark)
  /// The feed, with its records.
  case feed([RecordMark])
  /// The manifests' schema.
  case schema
  /// A platform's `live.json`.
  case live(platform: String, nextChange: Timestamp?, records: [RecordMark])
  /// A release's manifest.
  case release(platform: String, version: String, nextChange: Timestamp?, records: [RecordMark])
  /// A file of fixed bytes (an asset, `_headers`).
  case bytes([UInt8])

  /// The fingerprint of a file with these inputs, in an environment, made with a keyed hasher.
  package func fingerprint(hasher: SipHasher, environment: Fingerprint) -> Fingerprint {
    var hasher = hasher
    hasher.combine(environment)
    func records(_ list: [RecordMark]) {
      hasher.combine(UInt64(list.count))
      for mark in list {
        hasher.combine(mark.key)
        hasher.combine(mark.state)
      }
    }
    func time(_ value: Timestamp?) {
      hasher.combine(value == nil ? 0 : 1)
      hasher.combine(UInt64(bitPattern: value?.seconds ?? 0))
      hasher.combine(UInt64(value?.nanoseconds ?? 0))
    }
    switch self {
    case .archive(let page, let count, let older, let list, let walls):
      hasher.combine("archive")
      hasher.combine(UInt64(page))
      hasher.combine(UInt64(count))
      hasher.combine(UInt64(older ?? 0))
      records(list)
      if let walls { records(walls) }
    case .notFound:
      hasher.combine("404")
    case .announcement(let mark):
      hasher.combine("page")
      records([mark])
    case .feed(let list):
      hasher.combine("feed")
      records(list)
    case .schema:
      hasher.combine("schema")
    case .live(let platform, let next, let list):
      hasher.combine("live")
      hasher.combine(platform)
      time(next)
      records(list)
    case .release(let platform, let version, let next, let list):
      hasher.combine("release")
      hasher.combine(platform)
      hasher.combine(version)
      time(next)
      records(list)
    case .bytes(let bytes):
      hasher.combine("bytes")
      hasher.combine(bytes)
    }
    return hasher.finalize()
  }
}
