import HeraldCore

/// The manifests of a site at a time, without rendering any page: what `explain` and `diff` read,
/// built by the same code as `build` writes them.
package struct ChannelManifests: Sendable {
  /// The site.
  package let site: Site
  /// The build's options (time, base URL, drafts).
  package let options: BuildOptions
  /// Which record goes where: the delivery rule at the options' time.
  package let selection: ChannelDelivery
  /// The edition whose documents these are.
  package let edition: Edition
  let urls: SiteURLs
  let writer: ManifestWriter

  /// Works out which record goes where, and writes each row once (in parallel, unless
  /// `preparingRows` is false: rows are then made as documents ask for them); `edition` picks the
  /// locale whose words the rows carry and where the documents live (the root by default).
  package init(
    site: Site, options: BuildOptions, edition: Edition? = nil, preparingRows: Bool = true
  ) {
    let edition = edition ?? .root(site.config)
    let site = edition.site(site)
    let urls = SiteURLs(base: options.baseURL ?? site.config.baseURL, edition: edition)
    self.init(
      site: site, options: options, edition: edition,
      fragments: FragmentStore(
        site: site, urls: urls, options: options, cards: nil, cache: nil, environment: nil,
        rowEnvironment: nil))
    // The rows are made now, on every core, rather than one by one as documents ask for them.
    guard preparingRows else { return }
    try? fragments.prepare(
      bodies: [], cards: [], rows: writer.rowJobs(platforms: site.config.platforms))
  }

  /// Works out which record goes where in an edition (whose words `site` already carries), with
  /// fragments made (or kept) by a store; nothing is made until a document asks for it.
  init(site: Site, options: BuildOptions, edition: Edition, fragments: FragmentStore) {
    self.site = site
    self.options = options
    self.edition = edition
    selection = ChannelDelivery(
      site: site, now: options.now, includeDrafts: options.includeDrafts,
      archiveScheduled: options.preview != nil)
    urls = SiteURLs(base: options.baseURL ?? site.config.baseURL, edition: edition)
    writer = ManifestWriter(site: site, urls: urls, selection: selection, fragments: fragments)
  }

  /// The store the rows come from.
  var fragments: FragmentStore { writer.fragments }

  /// The manifest that an app of a platform and version fetches (for a version that is not a
  /// configured release too); nil for a platform the site does not configure.
  package func release(platform: String, version: Version) throws(DocumentError) -> JSONValue? {
    guard let settings = site.config.platform(platform) else { return nil }
    return try writer.manifest(platform: settings, version: version)
  }

  /// The records of each configured release's manifest of a platform; empty for a platform the
  /// site does not configure.
  package func releaseRecords(platform: String) -> [Version: [Announcement]] {
    guard let settings = site.config.platform(platform) else { return [:] }
    var byVersion: [Version: [Announcement]] = [:]
    for release in settings.releases {
      byVersion[release] = selection.manifest(platform: platform, version: release)
    }
    return byVersion
  }

  /// Records' rows as apps decide from them, without their HTML and without writing a document
  /// (`diff` decides for the releases that differ between two sites); nil for a platform the site
  /// does not configure.
  package func rows(_ records: [Announcement], platform: String) -> [ManifestRow]? {
    guard let settings = site.config.platform(platform) else { return nil }
    return records.map {
      ManifestWriter.row(
        $0, platform: settings, urls: urls, html: "", markDrafts: options.includeDrafts)
    }
  }

  /// A platform's `live.json`; nil for a platform the site does not configure.
  package func live(platform: String) throws(DocumentError) -> JSONValue? {
    guard let settings = site.config.platform(platform) else { return nil }
    return try writer.live(platform: settings)
  }

  /// The channel document, `api/v1/index.json`.
  package func channel() throws(DocumentError) -> JSONValue { try writer.channel() }

  /// Every document under `api/v1/` by its absolute URL, as `herald build` writes them: the
  /// channel, each platform's `live.json` and each configured release's manifest, and the
  /// content-addressed copy of each of those the channel names.
  ///
  /// A reader fed these decides exactly as one fed by the CDN.
  ///
  /// `objects: false` gives the channel as herald wrote it before content-addressed documents
  /// (what the client conformance cases of the canonical URLs read).
  package func documents(objects named: Bool = true) throws(DocumentError) -> [String: [UInt8]] {
    var documents: [String: [UInt8]] = [:]
    var objects: [String: ChannelIndex.DocumentObject] = [:]
    func add(_ path: String, _ bytes: [UInt8]) {
      documents[urls.base + path] = bytes
      guard named else { return }
      let object = ObjectNaming.object(of: bytes, base: urls.base)
      documents[object.url] = bytes
      objects[path] = object
    }
    for platform in site.config.platforms {
      add(
        OutputPaths.liveManifest(platform: platform.key, edition),
        try writer.live(platform: platform).documentBytes)
      for release in platform.releases {
        add(
          OutputPaths.manifest(platform: platform.key, version: release, edition),
          try writer.manifest(platform: platform, version: release).documentBytes)
      }
    }
    documents[urls.channel] = try writer.channel(objects: objects).documentBytes
    return documents
  }

  /// Every edition's documents under `api/v1/` by absolute URL, as `herald build` writes them:
  /// one edition's for a one-language site, and for a site with several locales each locale's
  /// too, so a reader with preferred languages finds what the CDN would give it.
  package static func documents(site: Site, options: BuildOptions) throws(DocumentError)
    -> [String: [UInt8]]
  {
    var documents: [String: [UInt8]] = [:]
    for edition in Edition.all(site.config) {
      let own = try ChannelManifests(site: site, options: options, edition: edition).documents()
      documents.merge(own) { first, _ in first }
    }
    return documents
  }

  /// The base URL every document's URL starts with.
  package var baseURL: String { urls.base }
}
