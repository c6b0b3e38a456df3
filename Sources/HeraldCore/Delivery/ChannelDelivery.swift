/// Which records of a site reach which output at a time (DESIGN §3), every membership decided by
/// `ManifestExclusion.reason`: the one place `build`, `explain` and `diff` learn who gets what.
///
/// The archive and the feed show published active records, `live.json` the live ones that reach
/// its platform, and a release's manifest the live ones whose range holds the release. The lists
/// are worked out once, newest first.
package struct ChannelDelivery: Sendable {
  /// The site.
  package let site: Site
  /// The time.
  package let now: Timestamp
  /// Whether drafts are delivered (`build --drafts`, `serve`), marked as drafts.
  package let includeDrafts: Bool
  /// The archive's records, newest first; a preview adds the scheduled ones.
  package let archive: [Announcement]
  /// The feed's records: published and active, newest first.
  package let feed: [Announcement]
  /// Each platform's `live.json` records, by platform key.
  private let liveByPlatform: [String: [Announcement]]
  /// The records that may still change a manifest, each with its next change (a future
  /// publishAt or expiresAt).
  private let upcoming: [(announcement: Announcement, change: Timestamp)]
  /// Each configured release's rows, worked out once (in parallel) for every use in a build.
  private let releases: [ReleaseKey: [Announcement]]

  private struct ReleaseKey: Hashable, Sendable {
    let platform: String
    let version: String
  }

  /// Sorts a site's records into the outputs at a time; `archiveScheduled` (a preview) also lists
  /// records not yet published in the archive.
  package init(
    site: Site, now: Timestamp, includeDrafts: Bool = false, archiveScheduled: Bool = false
  ) {
    self.site = site
    self.now = now
    self.includeDrafts = includeDrafts
    // One pass over the records, each list in the records' order: every pass reads all of them
    // again from memory, and at 10,000 records six passes took 13-15 ms of an edit, one 8-9.
    let platforms = site.config.platforms.map(\.key)
    var archive: [Announcement] = []
    var feed: [Announcement] = []
    var live = [[Announcement]](repeating: [], count: platforms.count)
    var upcoming: [(announcement: Announcement, change: Timestamp)] = []
    for announcement in site.announcements {
      if let change = RecordCensus.nextChange(
        of: announcement, after: now, includeDrafts: includeDrafts)
      {
        upcoming.append((announcement, change))
      }
      guard announcement.active && (includeDrafts || !announcement.draft) else { continue }
      let published = announcement.isPublished(at: now)
      if published || archiveScheduled { archive.append(announcement) }
      if published { feed.append(announcement) }
      for (index, platform) in platforms.enumerated()
      where ManifestExclusion.reason(
        for: announcement, platform: platform, version: nil, now: now,
        includeDrafts: includeDrafts) == nil
      {
        live[index].append(announcement)
      }
    }
    self.archive = archive
    self.feed = feed
    self.upcoming = upcoming
    var liveByPlatform: [String: [Announcement]] = [:]
    for (platform, records) in zip(platforms, live) { liveByPlatform[platform] = records }
    self.liveByPlatform = liveByPlatform
    let keys = site.config.platforms.flatMap { platform in
      platform.releases.map { (platform: platform.key, version: $0) }
    }
    // A release's rows are its platform's live ones whose range holds it: the version part of
    // the rule is all that is left to ask (`ManifestExclusion.versionReason`).
    let rows = keys.concurrentMap { [liveByPlatform] key in
      (liveByPlatform[key.platform] ?? []).filter {
        ManifestExclusion.versionReason(for: $0, version: key.version) == nil
      }
    }
    var releases: [ReleaseKey: [Announcement]] = [:]
    for (key, rows) in zip(keys, rows) {
      releases[ReleaseKey(platform: key.platform, version: key.version.text)] = rows
    }
    self.releases = releases
  }

  /// The records of a platform's `live.json`: live (published, active, not expired) and reaching
  /// it, with their ranges.
  package func live(platform: String) -> [Announcement] { liveByPlatform[platform] ?? [] }

  /// The records of a release's manifest: live, reaching the platform, with the release in range.
  package func manifest(platform: String, version: Version) -> [Announcement] {
    if let rows = releases[ReleaseKey(platform: platform, version: version.text)] { return rows }
    return live(platform: platform).filter {
      exclusion(of: $0, platform: platform, version: version) == nil
    }
  }

  /// Why a record is not in what a platform's release receives at this time, or nil when it is.
  package func exclusion(of announcement: Announcement, platform: String, version: Version)
    -> ManifestExclusion?
  {
    ManifestExclusion.reason(
      for: announcement, platform: platform, version: version, now: now,
      includeDrafts: includeDrafts)
  }

  /// The earliest future `publishAt` or `expiresAt` among the records that could reach a
  /// platform's release (or the whole channel), for `nextChangeAt`.
  package func nextChange(platform: String? = nil, version: Version? = nil) -> Timestamp? {
    var earliest: Timestamp?
    for (announcement, change) in upcoming where earliest.map({ change < $0 }) ?? true {
      if let platform, !announcement.reaches(platform: platform) { continue }
      if let version, !announcement.range.contains(version) { continue }
      earliest = change
    }
    return earliest
  }
}
