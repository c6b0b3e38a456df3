import HeraldCore

/// Plans and renders every file of the output tree (DESIGN §3) from a valid site and a theme.
///
/// Nothing is rendered up front: `prepare` makes, in parallel, the fragments (bodies, cards, rows)
/// the files about to be rendered need, and `render` renders one file. With a cache, every file of
/// the plan has a fingerprint of everything it is made from, so a build can tell an unchanged
/// file without rendering it.
public struct SiteRenderer: Sendable {
  /// The site.
  public let site: Site
  /// The theme.
  let theme: Theme
  /// The build's options.
  public let options: BuildOptions

  private let manifests: ChannelManifests
  var selection: ChannelDelivery { manifests.selection }
  var urls: SiteURLs { manifests.urls }
  private let context: PageContext
  /// Each record's body, card and rows, made once.
  let fragments: FragmentStore

  /// The template of a record's entry in the archive; herald renders it once per record as
  /// `cardHTML`.
  static let cardTemplate = "partials/card"
  /// The template of what a record says below its title, shared by its entry in the archive and
  /// its own page; herald renders it once per record as `detailsHTML`.
  static let detailsTemplate = "partials/entry-details"

  /// Prepares a render: which records go where, and the plan of files.
  public init(site: Site, theme: Theme, options: BuildOptions) {
    self.init(site: site, theme: theme, options: options, caching: nil)
  }

  /// Prepares a render that reuses (and keeps) fragments in a cache, and fingerprints every file.
  package init(site: Site, theme: Theme, options: BuildOptions, caching: RenderCaching?) {
    self.site = site
    self.theme = theme
    self.options = options
    let urls = SiteURLs(base: options.baseURL ?? site.config.baseURL)
    let stylesheet = theme.assets.first { $0.path == "herald.css" }
    let version = stylesheet.map { "?v=" + ContentHash.hex($0.bytes) } ?? ""
    let context = PageContext(
      site: site, urls: urls, options: options, stylesheetURL: urls.asset("herald.css") + version)
    self.context = context
    let environment = caching.map { Self.environment($0, theme: theme, options: options) }
    fragments = FragmentStore(
      site: site, urls: urls, options: options,
      cards: FragmentStore.CardRenderer(context: context, templates: theme.templates),
      cache: caching?.cache, environment: environment)
    manifests = ChannelManifests(site: site, options: options, fragments: fragments)
    plan = makePlan()
  }

  /// Everything every file depends on besides the records: herald itself, herald.yaml, the
  /// theme, and the options (the time enters through each record's state).
  private static func environment(
    _ caching: RenderCaching, theme: Theme, options: BuildOptions
  ) -> Fingerprint {
    var hasher = caching.cache.hasher()
    hasher.combine("environment")
    hasher.combine(caching.identity)
    hasher.combine(caching.configuration)
    theme.combine(into: &hasher)
    hasher.combine(options.baseURL ?? "-")
    hasher.combine(options.includeDrafts ? "drafts" : "published")
    hasher.combine(options.preview?.liveReload ?? "-")
    return hasher.finalize()
  }

  /// One file of the output, rendered on demand so a large site is never all in memory.
  public struct PlannedFile: Sendable {
    /// The path relative to the output folder.
    public let path: String
    let content: Content
    /// The fingerprint of everything the file is made from, when the build has a cache.
    package internal(set) var fingerprint: Fingerprint?

    init(path: String, content: Content) {
      self.path = path
      self.content = content
    }

    enum Content: Sendable {
      case archive
      case notFound
      case announcement(Announcement)
      case feed
      case channel
      case schema
      case all(PlatformSettings)
      case release(PlatformSettings, Version)
      case bytes([UInt8])
    }

    /// Whether the file holds every record (the archive, the feed, a platform's all.json), and so
    /// takes far longer to render than a record's page.
    fileprivate var isLarge: Bool {
      switch content {
      case .archive, .feed, .all: return true
      default: return false
      }
    }
  }

  /// The plan in the order to render it: the large files first, so that no core is left rendering
  /// the archive alone at the end.
  public var renderOrder: [PlannedFile] {
    plan.filter(\.isLarge) + plan.filter { !$0.isLarge }
  }

  /// Every file of the tree, sorted by path.
  public private(set) var plan: [PlannedFile] = []

  private func makePlan() -> [PlannedFile] {
    var files: [PlannedFile] = [
      PlannedFile(path: OutputPaths.archive, content: .archive),
      PlannedFile(path: OutputPaths.notFound, content: .notFound),
      PlannedFile(path: OutputPaths.feed, content: .feed),
      PlannedFile(path: OutputPaths.headers, content: .bytes(Array(HeadersFile.text.utf8))),
      PlannedFile(path: OutputPaths.channel, content: .channel),
      PlannedFile(path: OutputPaths.schema, content: .schema),
    ]
    for announcement in selection.archive {
      files.append(
        PlannedFile(
          path: OutputPaths.announcement(announcement.id) + "index.html",
          content: .announcement(announcement)))
    }
    for platform in site.config.platforms {
      files.append(
        PlannedFile(path: OutputPaths.allManifest(platform: platform.key), content: .all(platform)))
      for release in platform.sortedReleases {
        files.append(
          PlannedFile(
            path: OutputPaths.manifest(platform: platform.key, version: release),
            content: .release(platform, release)))
      }
    }
    for asset in theme.assets {
      files.append(PlannedFile(path: "assets/" + asset.path, content: .bytes(asset.bytes)))
    }
    if fragments.environment != nil {
      files = files.concurrentMap { file in
        var file = file
        file.fingerprint = fingerprint(file.content)
        return file
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// Makes, in parallel, every body, card and row that the files at these paths need.
  public func prepare(_ paths: Set<String>) throws(TemplateError) {
    var cards: [Announcement] = []
    var bodies: [Announcement] = []
    var rows: [(Announcement, PlatformSettings)] = []
    var rowPlatforms: Set<String> = []
    for file in plan where paths.contains(file.path) {
      switch file.content {
      case .archive: cards += selection.archive
      case .announcement(let announcement): cards.append(announcement)
      case .feed: bodies += feedRecords
      case .all(let platform), .release(let platform, _): rowPlatforms.insert(platform.key)
      case .notFound, .channel, .schema, .bytes: break
      }
    }
    if !rowPlatforms.isEmpty {
      rows = manifests.writer.rowJobs(
        platforms: site.config.platforms.filter { rowPlatforms.contains($0.key) })
    }
    try fragments.prepare(bodies: bodies, cards: cards, rows: rows)
  }

  /// Renders one planned file's bytes; throws a `TemplateError` for a template that fails while
  /// rendering, or a `RenderError` when libxml2 fails.
  public func render(_ file: PlannedFile) throws -> [UInt8] {
    switch file.content {
    case .archive:
      let entries = try selection.archive.map { (announcement) throws(TemplateError) in
        (announcement, try fragments.archiveEntry(announcement))
      }
      return try page("archive", context.archive(selection.archive, entries: entries))
    case .notFound:
      return try page("404", context.page([:]))
    case .announcement(let announcement):
      return try page(
        "announcement", context.announcementPage(try fragments.cardValue(announcement)))
    case .feed:
      return try feed()
    case .channel:
      return manifests.writer.channel().documentBytes
    case .schema:
      return ManifestSchema.document(id: urls.schema).documentBytes
    case .all(let platform):
      return manifests.writer.all(platform: platform).documentBytes
    case .release(let platform, let version):
      return manifests.writer.manifest(platform: platform, version: version).documentBytes
    case .bytes(let bytes):
      return bytes
    }
  }

  private func page(_ template: String, _ data: TemplateValue) throws(TemplateError) -> [UInt8] {
    Array(try theme.templates.render(template, data: data).utf8)
  }
}

/// A short, stable hash of bytes for cache-busting asset URLs and ETags (FNV-1a, 64 bits).
public enum ContentHash {
  /// The hash as 12 hexadecimal digits.
  public static func hex(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let text = String(hash, radix: 16)
    return String((String(repeating: "0", count: max(0, 16 - text.count)) + text).prefix(12))
  }
}

/// The `_headers` file (Netlify and Cloudflare Pages): short lifetimes for what apps poll, long
/// ones for versioned assets.
enum HeadersFile {
  /// The file's text.
  static let text = """
    # Written by herald. Apps poll api/; assets are referenced with a version that changes with them.
    /api/*
      Cache-Control: public, max-age=300, must-revalidate
      Access-Control-Allow-Origin: *
    /feed.xml
      Cache-Control: public, max-age=900
    /assets/*
      Cache-Control: public, max-age=31536000, immutable

    """
}
