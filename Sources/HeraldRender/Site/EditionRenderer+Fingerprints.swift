import HeraldCore

extension EditionRenderer {
  /// The fingerprint of everything a file is made from; nil without a cache, or when a record it
  /// holds was not read through the cache (the file is then always rendered).
  ///
  /// A file holds exactly what its render reads (`FileInputs`): the environment (herald,
  /// herald.yaml, the theme, the options); for each record it shows, the record and its state at
  /// the build's time; and for documents, the times they derive.
  func fingerprint(_ content: PlannedFile.Content) -> Fingerprint? {
    guard let environment = fragments.environment, let hasher = fragments.hasher(),
      let inputs = inputs(content)
    else { return nil }
    return inputs.fingerprint(hasher: hasher, environment: environment)
  }

  /// What a file is made from; nil when a record it holds was not read through the cache.
  private func inputs(_ content: PlannedFile.Content) -> FileInputs? {
    let now = options.now
    func marks<Records: Sequence<Announcement>>(_ list: Records) -> [RecordMark]? {
      var marks: [RecordMark] = []
      for announcement in list {
        guard let mark = RecordMark(announcement, now: now) else { return nil }
        marks.append(mark)
      }
      return marks
    }
    switch content {
    case .archive(let page):
      guard let records = marks(archiveRecords(page: page)) else { return nil }
      var walls: [RecordMark]?
      if page == 0 {
        guard let marked = marks(archiveWalls) else { return nil }
        walls = marked
      }
      return .archive(
        page: page, count: archivePageCount, older: archiveOlder(than: page), records: records,
        walls: walls)
    case .notFound:
      return .notFound
    case .announcement(let announcement):
      return RecordMark(announcement, now: now).map { .announcement($0) }
    case .feed:
      return marks(feedRecords).map { .feed($0) }
    case .channel:
      // It names its documents by their bytes, known only once they are rendered: it is made
      // after them in every build.
      return nil
    case .schema:
      return .schema
    case .live(let platform):
      return marks(selection.live(platform: platform.key)).map {
        .live(
          platform: platform.key, nextChange: selection.nextChange(platform: platform.key),
          records: $0)
      }
    case .release(let platform, let version):
      return marks(selection.manifest(platform: platform.key, version: version)).map {
        .release(
          platform: platform.key, version: version.text,
          nextChange: selection.nextChange(platform: platform.key, version: version), records: $0)
      }
    case .bytes(let bytes):
      return .bytes(bytes)
    }
  }

  /// The keys of every fragment this site's files are made from (its manifests' rows), so a
  /// cache keeps them though a build that rendered nothing never looked them up.
  package func fragmentKeys() -> [Fingerprint] {
    guard fragments.environment != nil else { return [] }
    var platformsByRecord: [String: [PlatformSettings]] = [:]
    for platform in site.config.platforms {
      for announcement in selection.live(platform: platform.key) {
        platformsByRecord[announcement.id, default: []].append(platform)
      }
    }
    return site.announcements.concurrentMap { [platformsByRecord] announcement in
      fragments.keys(of: announcement, platforms: platformsByRecord[announcement.id] ?? [])
    }.flatMap { $0 }
  }

  /// The records the feed holds: the newest `feedLimit` published ones (all of them for 0).
  var feedRecords: [Announcement] {
    let limit = site.config.feedLimit
    return limit > 0 ? Array(selection.feed.prefix(limit)) : selection.feed
  }
}
