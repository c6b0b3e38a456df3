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
  /// Each record's body and rows, made once: every release's manifest repeats the rows.
  let fragments: FragmentStore

  /// The depth of a row in both manifest shapes: `{` → `"announcements": [` → row.
  static let rowIndent = 4

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
    let locales =
      site.config.isMultilingual
      ? site.config.locales.map {
        ChannelIndex.LocaleChannel(locale: $0, index: urls.with(.localized($0)).channel)
      } : nil
    return Self.encoded(
      ChannelIndex(
        title: site.config.title, language: urls.edition.locale, baseURL: urls.base,
        archive: urls.archive, feed: urls.feed, schema: urls.schema,
        updated: Self.latestChange(selection.feed), nextChangeAt: selection.nextChange(),
        platforms: platforms, locales: locales))
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
    records.map { .preformatted(fragments.row($0, platform: platform)) }
  }

  /// Every row the platform's documents hold, paired with the platform: what to make in parallel
  /// before writing them.
  func rowJobs(platforms: [PlatformSettings]) -> [(Announcement, PlatformSettings)] {
    var seen: Set<String> = []
    var jobs: [(Announcement, PlatformSettings)] = []
    for platform in platforms {
      for announcement in selection.all(platform: platform.key) {
        let scope = FragmentStore.rowScope(announcement, platform: platform)
        if seen.insert(announcement.id + "\u{0}" + scope).inserted {
          jobs.append((announcement, platform))
        }
      }
    }
    return jobs
  }

  /// One row, the store sentinel resolved for the platform; drafts are marked only in a build
  /// that includes them (production manifests keep DESIGN's keys).
  static func row(
    _ announcement: Announcement, platform: PlatformSettings, urls: SiteURLs, html: String,
    markDrafts: Bool
  ) -> ManifestRow {
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
      draft: markDrafts ? announcement.draft : nil)
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
