import HeraldCore

/// The manifests of a site at a time, without rendering any page: what `explain` and `diff` read,
/// built by the same code as `build` writes them.
public struct ChannelManifests: Sendable {
  /// The site.
  public let site: Site
  /// The build's options (time, base URL, drafts).
  public let options: BuildOptions
  /// Which record goes where: the delivery rule at the options' time.
  public let selection: ChannelDelivery
  let urls: SiteURLs
  let bodyHTML: [String: String]
  let writer: ManifestWriter

  /// Works out which record goes where, and writes each row once.
  public init(site: Site, options: BuildOptions) {
    self.site = site
    self.options = options
    selection = ChannelDelivery(
      site: site, now: options.now, includeDrafts: options.includeDrafts,
      archiveScheduled: options.preview != nil)
    urls = SiteURLs(base: options.baseURL ?? site.config.baseURL)
    let html = BodyHTMLWriter(deepLinkSchemes: site.config.deepLinkSchemes)
    let announcements = site.announcements
    let written = announcements.concurrentMap { html.html($0.body) }
    bodyHTML = Dictionary(zip(announcements.map(\.id), written)) { first, _ in first }
    writer = ManifestWriter(site: site, urls: urls, selection: selection, bodyHTML: bodyHTML)
  }

  /// The manifest that an app of a platform and version fetches (for a version that is not a
  /// configured release too); nil for a platform the site does not configure.
  package func release(platform: String, version: Version) -> JSONValue? {
    site.config.platform(platform).map { writer.manifest(platform: $0, version: version) }
  }

  /// A platform's `all.json`; nil for a platform the site does not configure.
  package func all(platform: String) -> JSONValue? {
    site.config.platform(platform).map { writer.all(platform: $0) }
  }

  /// The channel document, `api/v1/index.json`.
  package func channel() -> JSONValue { writer.channel() }

  /// Every document under `api/v1/` by its absolute URL, as `herald build` writes them: the
  /// channel, each platform's `all.json` and each configured release's manifest.
  ///
  /// A reader fed these decides exactly as one fed by the CDN.
  public func documents() -> [String: [UInt8]] {
    var documents = [urls.channel: writer.channel().documentBytes]
    for platform in site.config.platforms {
      documents[urls.allManifest(platform: platform.key)] =
        writer.all(platform: platform)
        .documentBytes
      for release in platform.releases {
        documents[urls.manifest(platform: platform.key, version: release)] =
          writer.manifest(
            platform: platform, version: release
          ).documentBytes
      }
    }
    return documents
  }

  /// The base URL every document's URL starts with.
  public var baseURL: String { urls.base }
}
