/// The channel (`api/v1/index.json`): what it is, and every platform's releases with their
/// manifests; what an app reads first.
///
/// The one definition of the shape, for the build and apps.
package struct ChannelIndex: Sendable, Hashable, Codable {
  /// The shape's version; an app refuses one it does not know.
  package let schemaVersion: Int
  /// The channel's title.
  package let title: String
  /// Its language (BCP 47).
  package let language: String
  /// The base URL every other URL derives from.
  package let baseURL: String
  /// The archive page.
  package let archive: String
  /// The Atom feed.
  package let feed: String
  /// The JSON Schema of the manifests.
  package let schema: String
  /// The latest change of any published record.
  package let updated: Timestamp?
  /// The next time any manifest changes by itself, if any.
  package let nextChangeAt: Timestamp?
  /// The platforms by key.
  package let platforms: [String: Platform]
  /// Every locale's own channel, the default first, when the site has more than one locale; an
  /// app picks one with `LocaleChain.edition` and reads that channel instead (DESIGN §6).
  package let locales: [LocaleChannel]?

  /// One locale's channel document.
  package struct LocaleChannel: Sendable, Hashable, Codable {
    /// The BCP 47 tag.
    package let locale: String
    /// The URL of its `index.json`, whose manifests carry that locale's words.
    package let index: String
    /// Makes an entry.
    package init(locale: String, index: String) {
      self.locale = locale
      self.index = index
    }
  }

  /// One platform of the channel.
  package struct Platform: Sendable, Hashable, Codable {
    /// Its store URL, which `actionUrl: store` resolves to.
    package let store: String?
    /// The highest configured release.
    package let currentRelease: String?
    /// Its `live.json`: every published record with its range, for versions without a manifest.
    package let live: String
    /// Its releases, lowest first, each with its manifest.
    package let releases: [Release]

    /// Makes a platform.
    package init(store: String?, currentRelease: String?, live: String, releases: [Release]) {
      self.store = store
      self.currentRelease = currentRelease
      self.live = live
      self.releases = releases
    }

    /// Writes every key, an absent store or release as `null`.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(store, forKey: .store)
      try container.encode(currentRelease, forKey: .currentRelease)
      try container.encode(live, forKey: .live)
      try container.encode(releases, forKey: .releases)
    }
  }

  /// A release and where its manifest is.
  package struct Release: Sendable, Hashable, Codable {
    /// The version as herald.yaml lists it.
    package let version: String
    /// The manifest's URL.
    package let manifest: String

    /// Makes a release.
    package init(version: String, manifest: String) {
      self.version = version
      self.manifest = manifest
    }
  }

  /// Makes a channel document.
  package init(
    title: String, language: String, baseURL: String, archive: String, feed: String,
    schema: String, updated: Timestamp?, nextChangeAt: Timestamp?, platforms: [String: Platform],
    locales: [LocaleChannel]? = nil
  ) {
    self.schemaVersion = ManifestDocument<ManifestRow>.currentSchemaVersion
    self.title = title
    self.language = language
    self.baseURL = baseURL
    self.archive = archive
    self.feed = feed
    self.schema = schema
    self.updated = updated
    self.nextChangeAt = nextChangeAt
    self.platforms = platforms
    self.locales = locales
  }

  enum CodingKeys: String, CodingKey {
    case schemaVersion, title, language, baseURL, archive, feed, schema, updated, nextChangeAt
    case platforms, locales
  }

  /// Reads the channel; a schema version this library does not know is an error.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    guard schemaVersion == ManifestDocument<ManifestRow>.currentSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription: "schemaVersion \(schemaVersion) is not one this app reads")
    }
    title = try container.decode(String.self, forKey: .title)
    language = try container.decode(String.self, forKey: .language)
    baseURL = try container.decode(String.self, forKey: .baseURL)
    archive = try container.decode(String.self, forKey: .archive)
    feed = try container.decode(String.self, forKey: .feed)
    schema = try container.decode(String.self, forKey: .schema)
    updated = try container.decodeIfPresent(Timestamp.self, forKey: .updated)
    nextChangeAt = try container.decodeIfPresent(Timestamp.self, forKey: .nextChangeAt)
    platforms = try container.decode([String: Platform].self, forKey: .platforms)
    locales = try container.decodeIfPresent([LocaleChannel].self, forKey: .locales)
  }

  /// Writes every key, absent times as `null`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(title, forKey: .title)
    try container.encode(language, forKey: .language)
    try container.encode(baseURL, forKey: .baseURL)
    try container.encode(archive, forKey: .archive)
    try container.encode(feed, forKey: .feed)
    try container.encode(schema, forKey: .schema)
    try container.encode(updated, forKey: .updated)
    try container.encode(nextChangeAt, forKey: .nextChangeAt)
    try container.encode(platforms, forKey: .platforms)
    // Only a site with several locales has the key, so a one-language channel reads as before.
    try container.encodeIfPresent(locales, forKey: .locales)
  }

  /// The release of a platform equal to a version (by version comparison: `1.0` is `1.0.0`), or
  /// nil when the version is not a configured release.
  package func release(platform: String, version: Version) -> Release? {
    platforms[platform]?.releases.first { Version($0.version) == version }
  }
}
