import HeraldCore

/// The manifests of a site at a time, without rendering any page: what `explain` and `diff` read,
/// built by the same code as `build` writes them.
public struct ChannelManifests: Sendable {
  /// The site.
  public let site: Site
  /// The build's options (time, base URL, drafts).
  public let options: BuildOptions
  let selection: ChannelSelection
  let urls: SiteURLs
  let bodyHTML: [String: String]
  let writer: ManifestWriter

  /// Works out which record goes where, and writes each row once.
  public init(site: Site, options: BuildOptions) {
    self.site = site
    self.options = options
    selection = ChannelSelection(site: site, options: options)
    urls = SiteURLs(base: options.baseURL ?? site.config.baseURL)
    let html = BodyHTMLWriter(deepLinkSchemes: site.config.deepLinkSchemes)
    let announcements = site.announcements
    let written = announcements.concurrentMap { html.html($0.body) }
    bodyHTML = Dictionary(zip(announcements.map(\.id), written)) { first, _ in first }
    writer = ManifestWriter(site: site, urls: urls, selection: selection, bodyHTML: bodyHTML)
  }

  /// The manifest that an app of a platform and version fetches (for a version that is not a
  /// configured release too); nil for a platform the site does not configure.
  public func release(platform: String, version: Version) -> JSONValue? {
    site.config.platform(platform).map { writer.manifest(platform: $0, version: version) }
  }
}
