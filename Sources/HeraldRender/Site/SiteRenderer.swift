import HeraldCore

/// Plans and renders every file of the output tree (DESIGN §3) from a valid site and a theme.
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
  var bodyHTML: [String: String] { manifests.bodyHTML }
  /// Each archive record's card, built once for the archive and for its own page.
  private let cards: [String: TemplateValue]

  /// The template of a record's entry in the archive; herald renders it once per record as
  /// `cardHTML`.
  static let cardTemplate = "partials/card"
  /// The template of what a record says below its title, shared by its entry in the archive and
  /// its own page; herald renders it once per record as `detailsHTML`.
  static let detailsTemplate = "partials/entry-details"

  /// Prepares a render: which records go where, each record's body as HTML, and its card; throws
  /// when the card template fails.
  public init(site: Site, theme: Theme, options: BuildOptions) throws(TemplateError) {
    self.site = site
    self.theme = theme
    self.options = options
    let manifests = BuildTrace.measure("delivery, bodies and rows") {
      ChannelManifests(site: site, options: options)
    }
    self.manifests = manifests
    let urls = manifests.urls
    let stylesheet = theme.assets.first { $0.path == "herald.css" }
    let version = stylesheet.map { "?v=" + ContentHash.hex($0.bytes) } ?? ""
    context = PageContext(
      site: site, urls: urls, options: options, stylesheetURL: urls.asset("herald.css") + version)
    let html = manifests.bodyHTML
    let context = context
    let archive = manifests.selection.archive
    let templates = theme.templates
    let shared = context.page([:])
    // Each card is rendered once, in parallel, for the archive and for the record's own page.
    let built = archive.concurrentMap { announcement -> Result<TemplateValue, TemplateError> in
      let card = context.card(announcement, bodyHTML: html[announcement.id] ?? "")
      do throws(TemplateError) {
        let detailsHTML = try templates.render(Self.detailsTemplate, stack: [shared, card])
        let detailed = card.adding("detailsHTML", .string(detailsHTML))
        let cardHTML = try templates.render(Self.cardTemplate, stack: [shared, detailed])
        return .success(detailed.adding("cardHTML", .string(cardHTML)))
      } catch {
        return .failure(error)
      }
    }
    var cards: [String: TemplateValue] = [:]
    for (announcement, card) in zip(archive, built) { cards[announcement.id] = try card.get() }
    self.cards = cards
    plan = makePlan()
  }

  /// One file of the output, rendered on demand so a large site is never all in memory.
  public struct PlannedFile: Sendable {
    /// The path relative to the output folder.
    public let path: String
    fileprivate let content: Content

    fileprivate enum Content: Sendable {
      case archive
      case notFound
      case announcement(Announcement)
      case feed
      case json(@Sendable () -> JSONValue)
      case bytes([UInt8])
    }

    /// Whether the file holds every record (the archive, the feed, a platform's all.json), and so
    /// takes far longer to render than a record's page.
    fileprivate var isLarge: Bool {
      switch content {
      case .archive, .feed: return true
      default: return path.hasSuffix("/all.json")
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
    ]
    for announcement in selection.archive {
      files.append(
        PlannedFile(
          path: OutputPaths.announcement(announcement.id) + "index.html",
          content: .announcement(announcement)))
    }
    let manifests = manifests.writer
    let schemaID = urls.schema
    files.append(PlannedFile(path: OutputPaths.channel, content: .json { manifests.channel() }))
    files.append(
      PlannedFile(
        path: OutputPaths.schema, content: .json { ManifestSchema.document(id: schemaID) }))
    for platform in site.config.platforms {
      files.append(
        PlannedFile(
          path: OutputPaths.allManifest(platform: platform.key),
          content: .json { manifests.all(platform: platform) }))
      for release in platform.sortedReleases {
        files.append(
          PlannedFile(
            path: OutputPaths.manifest(platform: platform.key, version: release),
            content: .json { manifests.manifest(platform: platform, version: release) }))
      }
    }
    for asset in theme.assets {
      files.append(PlannedFile(path: "assets/" + asset.path, content: .bytes(asset.bytes)))
    }
    return files.sorted { $0.path < $1.path }
  }

  /// Renders one planned file's bytes; throws a `TemplateError` for a template that fails while
  /// rendering, or a `RenderError` when libxml2 fails.
  public func render(_ file: PlannedFile) throws -> [UInt8] {
    switch file.content {
    case .archive:
      return try page("archive", context.archive(selection.archive, cards: cards))
    case .notFound:
      return try page("404", context.page([:]))
    case .announcement(let announcement):
      return try page("announcement", context.announcementPage(cards[announcement.id] ?? .null))
    case .feed:
      return try feed()
    case .json(let document):
      return document().documentBytes
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
