import HeraldCore

/// Builds the JSON documents apps read (DESIGN §3): the channel, each platform's `all.json`, and one
/// manifest per configured release, with the store sentinel resolved per platform.
///
/// Every document and row is a Core `Codable` type (`ChannelIndex`, `ManifestDocument`,
/// `ManifestRow`) written through `JSONValueEncoder`: the keys apps decode are the keys written.
struct ManifestWriter: Sendable {
  /// The version of the manifests' shape; apps refuse a newer major shape.
  static var schemaVersion: Int { ManifestDocument<ManifestRow>.currentSchemaVersion }

  /// The site.
  let site: Site
  /// The URLs.
  let urls: SiteURLs
  /// Which records go where.
  let selection: ChannelDelivery
  /// Each record's body as HTML, by id.
  let bodyHTML: [String: String]
  /// Each platform's rows by record id, written once: every release's manifest repeats them.
  private let rows: [String: [String: PreformattedJSON]]

  /// Prepares the documents, writing every row of every platform once.
  init(site: Site, urls: SiteURLs, selection: ChannelDelivery, bodyHTML: [String: String]) {
    self.site = site
    self.urls = urls
    self.selection = selection
    self.bodyHTML = bodyHTML
    // A row differs between platforms only when the store sentinel resolves differently, so the
    // other rows are written once and shared.
    let platforms = site.config.platforms
    let perPlatform = platforms.map { selection.all(platform: $0.key) }
    var jobs: [(platform: PlatformSettings, announcement: Announcement)] = []
    var shared: [String: PlatformSettings] = [:]
    for (platform, records) in zip(platforms, perPlatform) {
      for announcement in records
      where announcement.action == .store || shared[announcement.id] == nil {
        if announcement.action != .store { shared[announcement.id] = platform }
        jobs.append((platform, announcement))
      }
    }
    let written = jobs.concurrentMap { job in
      PreformattedJSON(
        Self.row(
          job.announcement, platform: job.platform, urls: urls,
          html: bodyHTML[job.announcement.id] ?? "", markDrafts: selection.includeDrafts),
        indent: Self.rowIndent)
    }
    var byJob: [String: PreformattedJSON] = [:]
    for (job, row) in zip(jobs, written) {
      byJob[job.platform.key + "/" + job.announcement.id] = row
    }
    var rows: [String: [String: PreformattedJSON]] = [:]
    for (platform, records) in zip(platforms, perPlatform) {
      for announcement in records {
        let owner = announcement.action == .store ? platform : shared[announcement.id] ?? platform
        rows[platform.key, default: [:]][announcement.id] = byJob[owner.key + "/" + announcement.id]
      }
    }
    self.rows = rows
  }

  /// The depth of a row in both manifest shapes: `{` → `"announcements": [` → row.
  private static let rowIndent = 4

  /// `api/v1/index.json`: what the channel is and where every manifest lives.
  func channel() -> JSONValue {
    var platforms: [String: ChannelIndex.Platform] = [:]
    for platform in site.config.platforms {
      platforms[platform.key] = ChannelIndex.Platform(
        store: platform.store, currentRelease: platform.currentRelease?.text,
        all: urls.allManifest(platform: platform.key),
        releases: platform.sortedReleases.map { release in
          ChannelIndex.Release(
            version: release.text,
            manifest: urls.manifest(platform: platform.key, version: release))
        })
    }
    return Self.encoded(
      ChannelIndex(
        title: site.config.title, language: site.config.language, baseURL: urls.base,
        archive: urls.archive, feed: urls.feed, schema: urls.schema,
        updated: Self.latestChange(selection.feed), nextChangeAt: selection.nextChange(),
        platforms: platforms))
  }

  /// `api/v1/<platform>/all.json`: every published, active record that reaches the platform.
  func all(platform: PlatformSettings) -> JSONValue {
    let records = selection.all(platform: platform.key)
    return Self.encoded(
      ManifestDocument(
        scope: .all, platform: platform.key, version: nil, updated: Self.latestChange(records),
        nextChangeAt: selection.nextChange(platform: platform.key),
        announcements: rowList(records, platform: platform)))
  }

  /// `api/v1/<platform>/<version>.json`: the live records whose range holds the release.
  func manifest(platform: PlatformSettings, version: Version) -> JSONValue {
    let records = selection.manifest(platform: platform.key, version: version)
    return Self.encoded(
      ManifestDocument(
        scope: .release, platform: platform.key, version: version.text,
        updated: Self.latestChange(records),
        nextChangeAt: selection.nextChange(platform: platform.key, version: version),
        announcements: rowList(records, platform: platform)))
  }

  private func rowList(_ records: [Announcement], platform: PlatformSettings) -> [JSONValue] {
    records.compactMap { rows[platform.key]?[$0.id].map(JSONValue.preformatted) }
  }

  /// One row, the store sentinel resolved for the platform; drafts are marked only in a build
  /// that includes them (production manifests keep DESIGN's keys).
  static func row(
    _ announcement: Announcement, platform: PlatformSettings, urls: SiteURLs, html: String,
    markDrafts: Bool
  ) -> JSONValue {
    encoded(
      ManifestRow(
        id: announcement.id, severity: announcement.severity, kind: announcement.kind,
        title: announcement.title,
        body: MessageBody(
          paragraphs: announcement.body.paragraphs, bullets: announcement.body.bullets),
        html: html, actionURL: announcement.action?.resolved(storeURL: platform.store),
        actionLabel: announcement.actionLabel, blocking: announcement.blocking,
        publishedAt: announcement.publishAt, updatedAt: announcement.updatedAt,
        expiresAt: announcement.expiresAt, minVersion: announcement.range.minimum,
        maxVersion: announcement.range.maximum, url: urls.announcement(announcement.id),
        draft: markDrafts ? announcement.draft : nil))
  }

  /// A document as herald writes it.
  ///
  /// Encoding these types cannot fail (no fractions, no preformatted value outside
  /// JSONValueEncoder); a failure would be a herald bug, written as `null` rather than crashing a
  /// build.
  static func encoded(_ value: some Encodable) -> JSONValue {
    (try? JSONValueEncoder.encode(value)) ?? .null
  }

  /// The latest `updatedAt` or `publishAt` of the records, or nil when there are none.
  static func latestChange(_ records: [Announcement]) -> Timestamp? {
    records.map(\.lastChange).max()
  }
}
