import HeraldCore

/// Builds the JSON documents apps read (DESIGN §3): the channel, each platform's `all.json`, and one
/// manifest per configured release, with the store sentinel resolved per platform.
struct ManifestWriter: Sendable {
  /// The version of the manifests' shape; apps refuse a newer major shape.
  static let schemaVersion = 1

  /// The site.
  let site: Site
  /// The URLs.
  let urls: SiteURLs
  /// Which records go where.
  let selection: ChannelSelection
  /// Each record's body as HTML, by id.
  let bodyHTML: [String: String]
  /// Each platform's rows by record id, written once: every release's manifest repeats them.
  private let rows: [String: [String: PreformattedJSON]]

  /// Prepares the documents, writing every row of every platform once.
  init(site: Site, urls: SiteURLs, selection: ChannelSelection, bodyHTML: [String: String]) {
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
          html: bodyHTML[job.announcement.id] ?? "", markDrafts: selection.options.includeDrafts),
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
    var platforms: [String: JSONValue] = [:]
    for platform in site.config.platforms {
      platforms[platform.key] = .object([
        "store": .optional(platform.store),
        "currentRelease": .optional(platform.currentRelease?.text),
        "all": .string(urls.allManifest(platform: platform.key)),
        "releases": .array(
          platform.sortedReleases.map { release in
            .object([
              "version": .string(release.text),
              "manifest": .string(urls.manifest(platform: platform.key, version: release)),
            ])
          }),
      ])
    }
    return .object([
      "schemaVersion": .integer(Self.schemaVersion),
      "title": .string(site.config.title),
      "language": .string(site.config.language),
      "baseURL": .string(urls.base),
      "archive": .string(urls.archive),
      "feed": .string(urls.feed),
      "schema": .string(urls.schema),
      "updated": Self.latestChange(selection.feed),
      "nextChangeAt": .optional(selection.nextChange()?.rfc3339),
      "platforms": .object(platforms),
    ])
  }

  /// `api/v1/<platform>/all.json`: every published, active record that reaches the platform.
  func all(platform: PlatformSettings) -> JSONValue {
    let records = selection.all(platform: platform.key)
    return .object([
      "schemaVersion": .integer(Self.schemaVersion),
      "scope": .string("all"),
      "platform": .string(platform.key),
      "updated": Self.latestChange(records),
      "nextChangeAt": .optional(selection.nextChange(platform: platform.key)?.rfc3339),
      "announcements": rowList(records, platform: platform),
    ])
  }

  /// `api/v1/<platform>/<version>.json`: the live records whose range holds the release.
  func manifest(platform: PlatformSettings, version: Version) -> JSONValue {
    let records = selection.manifest(platform: platform.key, version: version)
    return .object([
      "schemaVersion": .integer(Self.schemaVersion),
      "scope": .string("release"),
      "platform": .string(platform.key),
      "version": .string(version.text),
      "updated": Self.latestChange(records),
      "nextChangeAt": .optional(
        selection.nextChange(platform: platform.key, version: version)?.rfc3339),
      "announcements": rowList(records, platform: platform),
    ])
  }

  private func rowList(_ records: [Announcement], platform: PlatformSettings) -> JSONValue {
    .array(records.compactMap { rows[platform.key]?[$0.id].map(JSONValue.preformatted) })
  }

  /// One row: every key always present, absent optional fields `null`.
  static func row(
    _ announcement: Announcement, platform: PlatformSettings, urls: SiteURLs, html: String,
    markDrafts: Bool
  ) -> JSONValue {
    var fields: [String: JSONValue] = [
      "id": .string(announcement.id),
      "severity": .string(announcement.severity.rawValue),
      "kind": .string(announcement.kind.rawValue),
      "title": .string(announcement.title),
      "body": .object([
        "paragraphs": .array(announcement.body.paragraphs.map(JSONValue.string)),
        "bullets": .array(announcement.body.bullets.map(JSONValue.string)),
      ]),
      "html": .string(html),
      "actionUrl": .optional(announcement.action?.resolved(storeURL: platform.store)),
      "actionLabel": .optional(announcement.actionLabel),
      "blocking": .bool(announcement.blocking),
      "publishedAt": .string(announcement.publishAt.rfc3339),
      "updatedAt": .optional(announcement.updatedAt?.rfc3339),
      "expiresAt": .optional(announcement.expiresAt?.rfc3339),
      "minVersion": .optional(announcement.range.minimum?.text),
      "maxVersion": .optional(announcement.range.maximum?.text),
      "url": .string(urls.announcement(announcement.id)),
    ]
    // Only a build that includes drafts marks them; production manifests keep DESIGN's keys.
    if markDrafts { fields["draft"] = .bool(announcement.draft) }
    return .object(fields)
  }

  /// The latest `updatedAt` or `publishAt` of the records, or null when there are none.
  static func latestChange(_ records: [Announcement]) -> JSONValue {
    .optional(records.map(\.lastChange).max()?.rfc3339)
  }
}
