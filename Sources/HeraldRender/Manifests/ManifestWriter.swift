import HeraldCore

/// Builds the JSON documents apps read (DESIGN §3): the channel, each platform's `live.json`, and one
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

  /// `api/v1/index.json`: what the channel is and where every manifest lives, with the
  /// content-addressed copy of each document that `objects` has (by the document's output path).
  func channel(objects: [String: ChannelIndex.DocumentObject] = [:]) throws(DocumentError)
    -> JSONValue
  {
    let edition = urls.edition
    var platforms: [String: ChannelIndex.Platform] = [:]
    for platform in site.config.platforms {
      platforms[platform.key] = ChannelIndex.Platform(
        store: platform.store, currentRelease: platform.currentRelease?.text,
        live: urls.liveManifest(platform: platform.key),
        liveObject: objects[OutputPaths.liveManifest(platform: platform.key, edition)],
        releases: platform.sortedReleases.map { release in
          ChannelIndex.Release(
            version: release.text,
            manifest: urls.manifest(platform: platform.key, version: release),
            object: objects[OutputPaths.manifest(platform: platform.key, version: release, edition)]
          )
        })
    }
    // Only the root's index lists the locales (apps read that list there and nowhere else), so
    // the locales' indexes do not grow with the square of their count.
    let locales =
      site.config.isMultilingual && urls.edition.isRoot
      ? site.config.locales.map {
        ChannelIndex.LocaleChannel(locale: $0, index: urls.with(.localized($0)).channel)
      } : nil
    return try Self.encoded(
      OutputPaths.channel(urls.edition),
      ChannelIndex(
        title: site.config.title, language: urls.edition.locale, baseURL: urls.base,
        archive: urls.archive, feed: urls.feed, schema: urls.schema,
        updated: Self.latestChange(selection.feed), nextChangeAt: selection.nextChange(),
        platforms: platforms, locales: locales))
  }

  /// `api/v1/<platform>/live.json`: every published, active record that reaches the platform.
  func live(platform: PlatformSettings) throws(DocumentError) -> JSONValue {
    let records = selection.live(platform: platform.key)
    return try Self.encoded(
      OutputPaths.liveManifest(platform: platform.key, urls.edition),
      ManifestDocument(
        scope: .live, platform: platform.key, version: nil, updated: Self.latestChange(records),
        nextChangeAt: selection.nextChange(platform: platform.key),
        announcements: try rowList(records, platform: platform)))
  }

  /// `api/v1/<platform>/<version>.json`: the live records whose range holds the release.
  func manifest(platform: PlatformSettings, version: Version) throws(DocumentError) -> JSONValue {
    let records = selection.manifest(platform: platform.key, version: version)
    return try Self.encoded(
      OutputPaths.manifest(platform: platform.key, version: version, urls.edition),
      ManifestDocument(
        scope: .release, platform: platform.key, version: version.text,
        updated: Self.latestChange(records),
        nextChangeAt: selection.nextChange(platform: platform.key, version: version),
        announcements: try rowList(records, platform: platform)))
  }

  private func rowList(_ records: [Announcement], platform: PlatformSettings)
    throws(DocumentError) -> [JSONValue]
  {
    try records.map { (record) throws(DocumentError) in
      .preformatted(try fragments.row(record, platform: platform))
    }
  }

  /// Every row the platforms' documents hold, each once: what to make in parallel before writing
  /// them.
  ///
  /// A row every platform shares is asked for with the first platform that holds it; a row of
  /// the platform's own (a store action) is in no other platform's list.
  func rowJobs(platforms: [PlatformSettings]) -> [FragmentStore.RowJob] {
    let lists = platforms.map { selection.live(platform: $0.key) }
    var jobs: [FragmentStore.RowJob] = []
    jobs.reserveCapacity(lists.reduce(0) { $0 + $1.count })
    // Only ids need telling apart, and only when a second platform could repeat them.
    var shared: Set<String> = []
    if lists.count > 1 { shared.reserveCapacity(lists.map(\.count).max() ?? 0) }
    for (platform, records) in zip(platforms, lists) {
      for announcement in records {
        if lists.count > 1, FragmentStore.sharesRow(announcement),
          !shared.insert(announcement.id).inserted
        {
          continue
        }
        jobs.append(FragmentStore.RowJob(announcement, platform))
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
      maxVersion: announcement.range.maximum, belowVersion: announcement.range.below,
      rollout: announcement.rollout?.resolved(
        id: announcement.id, publishAt: announcement.publishAt),
      remindAfter: announcement.remindAfter.map { Int($0) },
      url: urls.announcement(announcement.id),
      draft: markDrafts ? announcement.draft : nil)
  }

  /// A document (or a row) as herald writes it; what the encoder refuses is an error, never a
  /// `null` that apps would read.
  static func encoded(_ what: String, file: String? = nil, _ value: some Encodable)
    throws(DocumentError) -> JSONValue
  {
    do {
      return try JSONValueEncoder.encode(value)
    } catch {
      throw DocumentError(what: what, file: file, reason: "\(error)")
    }
  }

  /// The latest `updatedAt` or `publishAt` of the records, or nil when there are none.
  static func latestChange(_ records: [Announcement]) -> Timestamp? {
    records.map(\.lastChange).max()
  }
}
