import HeraldCore

/// Which records reach which output at the build's time (DESIGN §3): the archive and the feed show
/// published active records, `all.json` those that reach its platform, and a release's manifest
/// only the live ones whose range holds the release.
struct ChannelSelection: Sendable {
  /// The site.
  let site: Site
  /// The build's options.
  let options: BuildOptions

  /// Active, and not a draft unless drafts were asked for.
  func isShown(_ announcement: Announcement) -> Bool {
    announcement.active && (options.includeDrafts || !announcement.draft)
  }

  /// The archive's records, newest first; a preview adds the scheduled ones, marked.
  var archive: [Announcement] {
    site.announcements.filter {
      isShown($0) && ($0.isPublished(at: options.now) || options.preview != nil)
    }
  }

  /// The feed's records: published and active, newest first.
  var feed: [Announcement] {
    site.announcements.filter { isShown($0) && $0.isPublished(at: options.now) }
  }

  /// The records of a platform's `all.json`: published, active and reaching it, with their ranges.
  func all(platform: String) -> [Announcement] {
    feed.filter { $0.reaches(platform: platform) }
  }

  /// The records of a release's manifest: live, reaching the platform, with the release in range.
  func manifest(platform: String, version: Version) -> [Announcement] {
    all(platform: platform).filter { !$0.isExpired(at: options.now) && $0.range.contains(version) }
  }

  /// The earliest future `publishAt` or `expiresAt` among the records that could reach a
  /// platform's release (or the whole channel), for `nextChangeAt`.
  func nextChange(platform: String? = nil, version: Version? = nil) -> Timestamp? {
    let candidates = site.announcements.filter { announcement in
      (platform.map { announcement.reaches(platform: $0) } ?? true)
        && (version.map { announcement.range.contains($0) } ?? true)
    }
    return RecordCensus.nextChange(
      in: candidates, after: options.now, includeDrafts: options.includeDrafts)
  }
}
