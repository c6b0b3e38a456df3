import HeraldCore

extension EditionRenderer {
  /// The fingerprint of everything a file is made from; nil without a cache, or when a record it
  /// holds was not read through the cache (the file is then always rendered).
  ///
  /// A file holds exactly what its render reads: the environment (herald, herald.yaml, the theme,
  /// the options); for each record it shows, the record and its state at the build's time; and
  /// for documents, the times they derive. `IncrementalBuildTests` rebuilds sites after every kind
  /// of change and checks each file against a build from nothing.
  func fingerprint(_ content: PlannedFile.Content) -> Fingerprint? {
    guard let environment = fragments.environment, var hasher = fragments.hasher() else {
      return nil
    }
    hasher.combine(environment)
    func records(_ list: [Announcement]) -> Bool {
      hasher.combine(UInt64(list.count))
      for announcement in list {
        guard let key = announcement.source.key else { return false }
        hasher.combine(key)
        hasher.combine(state(announcement))
      }
      return true
    }
    func time(_ value: Timestamp?) {
      hasher.combine(value == nil ? 0 : 1)
      hasher.combine(UInt64(bitPattern: value?.seconds ?? 0))
      hasher.combine(UInt64(value?.nanoseconds ?? 0))
    }
    switch content {
    case .archive(let page):
      // A page shows its records, says how many pages there are (its links), and the first one
      // a notice for every wall, wherever the wall's own entry is.
      hasher.combine("archive")
      hasher.combine(UInt64(page))
      hasher.combine(UInt64(archivePageCount))
      guard records(Array(archiveRecords(page: page))) else { return nil }
      if page == 1 {
        guard records(selection.archive.filter(\.blocking)) else { return nil }
      }
    case .notFound:
      hasher.combine("404")
    case .announcement(let announcement):
      hasher.combine("page")
      guard records([announcement]) else { return nil }
    case .feed:
      hasher.combine("feed")
      guard records(feedRecords) else { return nil }
    case .channel:
      hasher.combine("channel")
      time(ManifestWriter.latestChange(selection.feed))
      time(selection.nextChange())
    case .schema:
      hasher.combine("schema")
    case .live(let platform):
      hasher.combine("live")
      hasher.combine(platform.key)
      time(selection.nextChange(platform: platform.key))
      guard records(selection.live(platform: platform.key)) else { return nil }
    case .release(let platform, let version):
      hasher.combine("release")
      hasher.combine(platform.key)
      hasher.combine(version.text)
      time(selection.nextChange(platform: platform.key, version: version))
      guard records(selection.manifest(platform: platform.key, version: version)) else {
        return nil
      }
    case .bytes(let bytes):
      hasher.combine("bytes")
      hasher.combine(bytes)
    }
    return hasher.finalize()
  }

  /// The keys of every fragment this site's files are made from (bodies, cards, rows), so a cache
  /// keeps them though a build that rendered nothing never looked them up.
  package func fragmentKeys() -> [Fingerprint] {
    guard fragments.environment != nil else { return [] }
    let archived = Set(selection.archive.map(\.id))
    var platformsByRecord: [String: [PlatformSettings]] = [:]
    for platform in site.config.platforms {
      for announcement in selection.live(platform: platform.key) {
        platformsByRecord[announcement.id, default: []].append(platform)
      }
    }
    return site.announcements.concurrentMap { [platformsByRecord] announcement in
      fragments.keys(
        of: announcement, card: archived.contains(announcement.id),
        platforms: platformsByRecord[announcement.id] ?? [])
    }.flatMap { $0 }
  }

  /// A record's state at the build's time, as pages show it ("Scheduled for…", "expired").
  private func state(_ announcement: Announcement) -> UInt64 {
    (announcement.isPublished(at: options.now) ? 1 : 0)
      | (announcement.isExpired(at: options.now) ? 2 : 0)
  }

  /// The records the feed holds: the newest `feedLimit` published ones (all of them for 0).
  var feedRecords: [Announcement] {
    let limit = site.config.feedLimit
    return limit > 0 ? Array(selection.feed.prefix(limit)) : selection.feed
  }
}
