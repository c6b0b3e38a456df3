import HeraldCore

/// Every URL of a built site, derived from its baseURL.
struct SiteURLs: Sendable {
  /// The base URL, ending in `/`.
  let base: String

  /// The archive.
  var archive: String { base }
  /// The Atom feed.
  var feed: String { base + OutputPaths.feed }
  /// The channel document.
  var channel: String { base + OutputPaths.channel }
  /// The manifests' JSON Schema.
  var schema: String { base + OutputPaths.schema }

  /// A record's permalink page.
  func announcement(_ id: String) -> String { base + OutputPaths.announcement(id) }
  /// A release's manifest.
  func manifest(platform: String, version: Version) -> String {
    base + OutputPaths.manifest(platform: platform, version: version)
  }
  /// A platform's manifest of every record with its range.
  func allManifest(platform: String) -> String {
    base + OutputPaths.allManifest(platform: platform)
  }
  /// A theme asset.
  func asset(_ path: String) -> String { base + "assets/" + path }
}

/// The paths of the output tree, relative to the output folder (DESIGN §3).
enum OutputPaths {
  /// The archive page.
  static let archive = "index.html"
  /// The not-found page static hosts serve.
  static let notFound = "404.html"
  /// The Atom feed.
  static let feed = "feed.xml"
  /// The channel document.
  static let channel = "api/v1/index.json"
  /// The JSON Schema of the manifests.
  static let schema = "api/v1/manifest.schema.json"
  /// Cache lifetimes in the Netlify and Cloudflare Pages format.
  static let headers = "_headers"

  /// A record's page folder (a permalink ends in `/`).
  static func announcement(_ id: String) -> String { "announcements/\(id)/" }
  /// A release's manifest.
  static func manifest(platform: String, version: Version) -> String {
    "api/v1/\(platform)/\(version.canonical).json"
  }
  /// A platform's manifest of every record.
  static func allManifest(platform: String) -> String { "api/v1/\(platform)/all.json" }
}
