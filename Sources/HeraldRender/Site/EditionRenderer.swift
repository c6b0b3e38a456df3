import HeraldCore

/// Plans and renders the files of one edition of the output tree (DESIGN §3 and §6): its pages,
/// feed and channel in its locale, and, for the root edition, the files every edition shares.
///
/// Nothing is rendered up front: `prepare` makes, in parallel, the fragments (bodies, cards, rows)
/// the files about to be rendered need, and `render` renders one file. With a cache, every file of
/// the plan has a fingerprint of everything it is made from, so a build can tell an unchanged
/// file without rendering it.
///
/// A class, not a struct: as a struct of two dozen references it was copied (each retained and
/// released) for every file a build rendered. Everything it holds is set in `init`; its plan is
/// the site renderer's (`makePlan`).
final class EditionRenderer: Sendable {
  /// The site, its words in the edition's locale.
  let site: Site
  /// The edition.
  let edition: Edition
  /// The theme.
  let theme: Theme
  /// The build's options.
  let options: BuildOptions

  /// The edition's documents for apps, made from the same fragments as its files.
  let manifests: ChannelManifests
  var selection: ChannelDelivery { manifests.selection }
  var urls: SiteURLs { manifests.urls }
  let context: PageContext
  /// Each record's body, card and rows, made once.
  let fragments: FragmentStore
  /// The theme's assets and their versioned URLs.
  let assets: AssetVersions

  /// The template of a record's entry in the archive; herald renders it once per record as
  /// `cardHTML`.
  static let cardTemplate = "partials/card"
  /// The template of what a record says below its title, shared by its entry in the archive and
  /// its own page; herald renders it once per record as `detailsHTML`.
  static let detailsTemplate = "partials/entry-details"

  /// Prepares a render of an edition (of a site whose words are the default locale's), reusing
  /// and keeping fragments in a cache when there is one, and fingerprinting every file.
  init(
    site: Site, edition: Edition, theme: Theme, options: BuildOptions, caching: RenderCaching?
  ) {
    let site = edition.site(site)
    self.site = site
    self.edition = edition
    self.theme = theme
    self.options = options
    let urls = SiteURLs(base: options.baseURL ?? site.config.baseURL, edition: edition)
    let assets = AssetVersions(theme: theme, urls: urls)
    self.assets = assets
    let context = PageContext(
      site: site, urls: urls, options: options,
      stylesheetURL: assets.url("herald.css") ?? urls.asset("herald.css"),
      assets: assets.templateValue, words: theme.strings.words(for: edition.locale),
      ownWords: theme.strings.localesWithOwnWords(site.config))
    self.context = context
    let rowEnvironment = caching.map {
      Self.rowEnvironment($0, site: site, options: options, edition: edition)
    }
    let environment = caching.flatMap { caching in
      rowEnvironment.map {
        Self.environment(caching, rows: $0, theme: theme, options: options)
      }
    }
    fragments = FragmentStore(
      site: site, urls: urls, options: options,
      cards: FragmentStore.CardRenderer(context: context, templates: theme.templates),
      cache: caching?.cache, environment: environment, rowEnvironment: rowEnvironment)
    manifests = ChannelManifests(
      site: site, options: options, edition: edition, fragments: fragments)
  }

  /// Everything every file depends on besides the records: what a row depends on
  /// (`rowEnvironment`), and herald.yaml's other settings, the theme and the preview (the time
  /// enters through each record's state).
  static func environment(
    _ caching: RenderCaching, rows: Fingerprint, theme: Theme, options: BuildOptions
  ) -> Fingerprint {
    var hasher = caching.cache.hasher()
    hasher.combine("environment")
    hasher.combine(rows)
    hasher.combine(caching.configuration)
    theme.combine(into: &hasher)
    hasher.combine(options.preview?.liveReload ?? "-")
    return hasher.finalize()
  }

  /// Everything a manifest row depends on besides its record: herald itself, the edition, the
  /// base URL its links start with, the record terms (a store link, the deep-link schemes of its
  /// body) and whether drafts are marked; not herald.yaml's other settings, nor the theme.
  static func rowEnvironment(
    _ caching: RenderCaching, site: Site, options: BuildOptions, edition: Edition
  ) -> Fingerprint {
    var hasher = caching.cache.hasher()
    hasher.combine("row environment")
    hasher.combine(edition.locale)
    hasher.combine(edition.pages)
    hasher.combine(edition.api)
    hasher.combine(caching.identity)
    hasher.combine(options.baseURL ?? site.config.baseURL)
    site.config.recordTerms.combine(into: &hasher)
    hasher.combine(options.includeDrafts ? "drafts" : "published")
    return hasher.finalize()
  }

  typealias PlannedFile = SiteRenderer.PlannedFile

  /// Every file of the edition, sorted by path, each with its fingerprint when the build has a
  /// cache.
  func makePlan() -> [PlannedFile] {
    // The front page (0), then the full pages counted from the oldest record.
    var files: [PlannedFile] = (0...archivePageCount).map {
      PlannedFile(path: OutputPaths.archivePage($0, edition), content: .archive(page: $0))
    }
    files += [
      PlannedFile(path: OutputPaths.feed(edition), content: .feed),
      PlannedFile(path: OutputPaths.channel(edition), content: .channel),
    ]
    if edition.isRoot {
      files += [
        PlannedFile(path: OutputPaths.notFound, content: .notFound),
        PlannedFile(
          path: OutputPaths.headers,
          content: .bytes(Array(HeadersFile.text(assets: assets, config: site.config).utf8))),
        PlannedFile(path: OutputPaths.schema, content: .schema),
      ]
      for asset in theme.assets {
        files.append(PlannedFile(path: "assets/" + asset.path, content: .bytes(asset.bytes)))
      }
    }
    for announcement in selection.archive {
      files.append(
        PlannedFile(
          path: OutputPaths.announcementPage(announcement.id, edition),
          content: .announcement(announcement)))
    }
    for platform in site.config.platforms {
      files.append(
        PlannedFile(
          path: OutputPaths.liveManifest(platform: platform.key, edition), content: .live(platform))
      )
      for release in platform.sortedReleases {
        files.append(
          PlannedFile(
            path: OutputPaths.manifest(platform: platform.key, version: release, edition),
            content: .release(platform, release)))
      }
    }
    if fragments.environment != nil {
      // Set in place: a copy of every planned file, made and dropped, retains and releases its
      // path and its record.
      let fingerprints = files.concurrentMap { fingerprint($0.content) }
      for index in files.indices { files[index].fingerprint = fingerprints[index] }
    }
    return files.sortedBytewise(by: \.path)
  }

  /// Makes, in parallel, every body, card and row that this edition's files at these places of the
  /// site's plan need, except the cards of records' pages, which each page makes as it renders.
  func prepare(_ indices: [Int], of plan: [PlannedFile]) throws {
    var cards: [Announcement] = []
    var pages: [Announcement] = []
    var bodies: [Announcement] = []
    var rows: [FragmentStore.RowJob] = []
    var rowPlatforms: Set<String> = []
    for index in indices {
      switch plan[index].content {
      case .archive(let page): cards += archiveRecords(page: page)
      case .announcement(let announcement): pages.append(announcement)
      case .feed: bodies += feedRecords
      case .live(let platform), .release(let platform, _): rowPlatforms.insert(platform.key)
      case .notFound, .channel, .schema, .bytes: break
      }
    }
    if !rowPlatforms.isEmpty {
      rows = manifests.writer.rowJobs(
        platforms: site.config.platforms.filter { rowPlatforms.contains($0.key) })
    }
    try fragments.prepare(bodies: bodies, cards: cards, pages: pages, rows: rows)
  }

  /// Renders one planned file's bytes into a sink (which hands a large file on in pieces); throws
  /// a `TemplateError` for a template that fails while rendering, a `RenderError` when libxml2
  /// fails, or a `DocumentError` for a document its encoder refuses.
  ///
  /// A channel names the content-addressed copy of each document in `objects` (by output path),
  /// so it is rendered after them.
  func render(
    _ file: PlannedFile, objects: [String: ChannelIndex.DocumentObject], into sink: inout ByteSink
  ) throws {
    switch file.content {
    case .archive(let number):
      try archive(
        page: number, of: archivePageCount, records: Array(archiveRecords(page: number)),
        walls: number == 0 ? archiveWalls : [], into: &sink)
    case .notFound:
      try page("404", context.page([:]), into: &sink)
    case .announcement(let announcement):
      try page(
        "announcement",
        context.announcementPage(
          try fragments.cardValue(announcement), announcement: announcement),
        into: &sink)
    case .feed:
      sink.write(try feed(feedRecords))
    case .channel:
      try manifests.writer.channel(objects: objects).writeDocument(to: &sink)
    case .schema:
      ManifestSchema.document(id: urls.schema).writeDocument(to: &sink)
    case .live(let platform):
      try manifests.writer.live(platform: platform).writeDocument(to: &sink)
    case .release(let platform, let version):
      try manifests.writer.manifest(platform: platform, version: version).writeDocument(to: &sink)
    case .bytes(let bytes):
      sink.write(bytes)
    }
  }

  /// Renders a page of the archive: its records, the count of numbered pages (its links), and on
  /// the front page a notice for each of `walls` that is live.
  func archive(
    page number: Int, of count: Int, records: [Announcement], walls: [Announcement],
    into sink: inout ByteSink
  ) throws {
    let entries = Array(zip(records, try fragments.archiveEntries(records)))
    let value = context.archive(
      entries: entries, walls: walls, page: number, of: count, older: archiveOlder(than: number))
    try page("archive", value, into: &sink)
  }

  private func page(_ template: String, _ data: TemplateValue, into sink: inout ByteSink)
    throws(TemplateError)
  {
    try theme.templates.render(template, stack: [data], into: &sink)
  }
}

/// The `_headers` file (Netlify and Cloudflare Pages): short lifetimes for what apps poll, a year
/// for the content-addressed documents and versioned assets.
///
/// Both hosts apply every rule that matches a path and join a header given twice with a comma, so
/// no two rules give one path a `Cache-Control`: the documents apps poll are named by their
/// folders (each platform's, each locale's) rather than by `/api/*`, which holds the objects too.
enum HeadersFile {
  /// The file's text, with a rule for each of the theme's assets.
  static func text(assets: AssetVersions, config: SiteConfig) -> String {
    var text = common
    let polled = "  Cache-Control: \(pointerCacheControl)\n"
    for name in ["index.json", "signed.json", "manifest.schema.json"] {
      text += "/api/v1/\(name)\n" + polled
    }
    let folders = config.platforms.map(\.key) + (config.isMultilingual ? config.locales : [])
    for folder in Set(folders).sorted() { text += "/api/v1/\(folder)/*\n" + polled }
    return text + feedRules + assets.headerRules
  }

  /// How long a cache keeps what apps poll: the channels and the canonical documents.
  static let pointerCacheControl = "public, max-age=300, must-revalidate"
  /// How long a cache keeps a content-addressed document: its bytes never change.
  static let objectCacheControl = "public, max-age=31536000, immutable"

  /// The rules for what every channel has.
  static let common = """
    # Written by herald. Apps poll the channels (api/v1/index.json) and read the documents they
    # name by the SHA-256 of their bytes (api/v1/objects/), which never change; an asset a page
    # references with a version of its bytes (?v=) is kept for a year, any other for five minutes.
    /api/*
      Access-Control-Allow-Origin: *
      Access-Control-Allow-Methods: GET, HEAD, OPTIONS
      Access-Control-Allow-Headers: *
      Access-Control-Expose-Headers: ETag, Last-Modified
    /api/v1/objects/*
      Content-Type: application/json; charset=utf-8
      Cache-Control: \(objectCacheControl)

    """

  /// The feeds' rules.
  static let feedRules = """
    /feed.xml
      Content-Type: application/atom+xml; charset=utf-8
      Cache-Control: public, max-age=900
    /*/feed.xml
      Content-Type: application/atom+xml; charset=utf-8
      Cache-Control: public, max-age=900

    """
}

extension EditionRenderer {
  /// How many numbered pages the archive has: the full pages of `archive.pageSize` records,
  /// counted from the oldest (DESIGN §3).
  ///
  /// A new record changes the front page and at most one new numbered page; the pages before it
  /// keep their records, their URLs and their bytes, so a CDN may keep them.
  var archivePageCount: Int { selection.archive.count / max(1, site.config.archivePageSize) }

  /// The archive's walls, newest first: the front page has a notice for each that is live.
  var archiveWalls: [Announcement] { selection.archive.filter(\.blocking) }

  /// The records of a page of the archive, newest first: the front page (0) shows the newest
  /// `archive.pageSize`; page k (from 1) the k-th full `archive.pageSize` counted from the oldest.
  func archiveRecords(page: Int) -> ArraySlice<Announcement> {
    let size = max(1, site.config.archivePageSize)
    let records = selection.archive
    guard page > 0 else { return records.prefix(size) }
    // Newest first: the oldest record is the last.
    let end = records.count - (page - 1) * size
    return records[max(0, end - size)..<max(0, end)]
  }

  /// The numbered page a page's "older" link goes to: from the front page, the highest that
  /// holds a record the front page does not; from page k, page k - 1; none from page 1 (or when
  /// every record is on the front page).
  func archiveOlder(than page: Int) -> Int? {
    guard page == 0 else { return page > 1 ? page - 1 : nil }
    let size = max(1, site.config.archivePageSize)
    let highest =
      selection.archive.count % size == 0 ? archivePageCount - 1 : archivePageCount
    return highest >= 1 ? highest : nil
  }
}
