import HeraldCore

/// Which records reach which output at the build's time (DESIGN §3).
///
/// The archive and the feed show published active records, `all.json` those that reach its
/// platform, and a release's manifest only the live ones whose range holds the release. The lists
/// are worked out once, in order.
struct ChannelSelection: Sendable {
  /// The build's options.
  let options: BuildOptions
  /// The archive's records, newest first; a preview adds the scheduled ones, marked.
  let archive: [Announcement]
  /// The feed's records: published and active, newest first.
  let feed: [Announcement]
  /// Each platform's `all.json` records, by platform key.
  private let allByPlatform: [String: [Announcement]]
  /// The records that may still change a manifest (active, with a future publishAt or expiresAt).
  private let upcoming: [Announcement]

  /// Sorts a site's records into the outputs at the options' time.
  init(site: Site, options: BuildOptions) {
    self.options = options
    let shown = site.announcements.filter {
      $0.active && (options.includeDrafts || !$0.draft)
    }
    archive = shown.filter { $0.isPublished(at: options.now) || options.preview != nil }
    let feed = shown.filter { $0.isPublished(at: options.now) }
    self.feed = feed
    var allByPlatform: [String: [Announcement]] = [:]
    for platform in site.config.platforms {
      allByPlatform[platform.key] = feed.filter { $0.reaches(platform: platform.key) }
    }
    self.allByPlatform = allByPlatform
    upcoming = site.announcements.filter { announcement in
      RecordCensus.nextChange(
        in: [announcement], after: options.now, includeDrafts: options.includeDrafts) != nil
    }
  }

  /// The records of a platform's `all.json`: published, active and reaching it, with their ranges.
  func all(platform: String) -> [Announcement] { allByPlatform[platform] ?? [] }

  /// The records of a release's manifest: live, reaching the platform, with the release in range.
  func manifest(platform: String, version: Version) -> [Announcement] {
    all(platform: platform).filter { !$0.isExpired(at: options.now) && $0.range.contains(version) }
  }

  /// The earliest future `publishAt` or `expiresAt` among the records that could reach a
  /// platform's release (or the whole channel), for `nextChangeAt`.
  func nextChange(platform: String? = nil, version: Version? = nil) -> Timestamp? {
    let candidates = upcoming.filter { announcement in
      (platform.map { announcement.reaches(platform: $0) } ?? true)
        && (version.map { announcement.range.contains($0) } ?? true)
    }
    return RecordCensus.nextChange(
      in: candidates, after: options.now, includeDrafts: options.includeDrafts)
  }
}
