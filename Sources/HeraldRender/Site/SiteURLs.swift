import HeraldCore

/// Every URL of one edition of a built site, derived from its baseURL.
struct SiteURLs: Sendable {
  /// The base URL, ending in `/`.
  let base: String
  /// The edition whose pages and channel these are.
  var edition = Edition(locale: "", pages: "", api: "")

  /// The archive (its first page).
  var archive: String { base + edition.pages }
  /// A page of the archive: the archive itself for the first, `page/<n>/` after it.
  func archivePage(_ number: Int) -> String { base + OutputPaths.archiveFolder(number, edition) }
  /// The Atom feed.
  var feed: String { base + OutputPaths.feed(edition) }
  /// The channel document.
  var channel: String { base + OutputPaths.channel(edition) }
  /// The manifests' JSON Schema (one for every edition).
  var schema: String { base + OutputPaths.schema }
  /// A record's permalink page.
  func announcement(_ id: String) -> String { base + OutputPaths.announcement(id, edition) }
  /// A release's manifest.
  func manifest(platform: String, version: Version) -> String {
    base + OutputPaths.manifest(platform: platform, version: version, edition)
  }
  /// A platform's manifest of every record with its range.
  func liveManifest(platform: String) -> String {
    base + OutputPaths.liveManifest(platform: platform, edition)
  }
  /// A theme asset (one for every edition).
  func asset(_ path: String) -> String { base + "assets/" + path }
  /// The same URLs for another edition.
  func with(_ edition: Edition) -> SiteURLs { SiteURLs(base: base, edition: edition) }
}

/// The paths of the output tree, relative to the output folder (DESIGN §3 and §6).
enum OutputPaths {
  /// The not-found page static hosts serve.
  static let notFound = "404.html"
  /// The JSON Schema of the manifests.
  static let schema = "api/v1/manifest.schema.json"
  /// Cache lifetimes in the Netlify and Cloudflare Pages format.
  static let headers = "_headers"
  /// An edition's archive page (its first).
  static func archive(_ edition: Edition) -> String { edition.pages + "index.html" }
  /// The folder of a page of an edition's archive: `""` for the front page (0), `page/<n>/` for
  /// the n-th full page counted from the oldest record.
  static func archiveFolder(_ number: Int, _ edition: Edition) -> String {
    edition.pages + (number <= 0 ? "" : "page/\(number)/")
  }
  /// A page of an edition's archive.
  static func archivePage(_ number: Int, _ edition: Edition) -> String {
    archiveFolder(number, edition) + "index.html"
  }
  /// An edition's Atom feed.
  static func feed(_ edition: Edition) -> String { edition.pages + "feed.xml" }
  /// An edition's channel document.
  static func channel(_ edition: Edition) -> String { "api/v1/" + edition.api + "index.json" }
  /// A record's page folder in an edition (a permalink ends in `/`).
  static func announcement(_ id: String, _ edition: Edition) -> String {
    String.joining(edition.pages, "announcements/", id, "/")
  }
  /// A record's page in an edition.
  static func announcementPage(_ id: String, _ edition: Edition) -> String {
    String.joining(edition.pages, "announcements/", id, "/index.html")
  }
  /// A release's manifest in an edition.
  static func manifest(platform: String, version: Version, _ edition: Edition) -> String {
    "api/v1/" + edition.api + "\(platform)/\(version.canonical).json"
  }
  /// A platform's manifest of every record, in an edition.
  static func liveManifest(platform: String, _ edition: Edition) -> String {
    "api/v1/" + edition.api + "\(platform)/live.json"
  }
}
