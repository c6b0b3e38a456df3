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
    /// The content-addressed copy of its `live.json`, in a channel built with objects.
    package let liveObject: DocumentObject?
    /// Its releases, lowest first, each with its manifest.
    package let releases: [Release]

    /// Makes a platform.
    package init(
      store: String?, currentRelease: String?, live: String, liveObject: DocumentObject? = nil,
      releases: [Release]
    ) {
      self.store = store
      self.currentRelease = currentRelease
      self.live = live
      self.liveObject = liveObject
      self.releases = releases
    }

    enum CodingKeys: String, CodingKey {
      case store, currentRelease, live, liveObject, releases
    }

    /// Reads a platform; a `liveObject` that does not read is passed over (`live` stands).
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      store = try container.decodeIfPresent(String.self, forKey: .store)
      currentRelease = try container.decodeIfPresent(String.self, forKey: .currentRelease)
      live = try container.decode(String.self, forKey: .live)
      liveObject = DocumentObject.read(container, forKey: .liveObject)
      releases = try container.decode([Release].self, forKey: .releases)
    }

    /// Writes every key, an absent store or release as `null`; a channel without objects has
    /// no `liveObject`.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(store, forKey: .store)
      try container.encode(currentRelease, forKey: .currentRelease)
      try container.encode(live, forKey: .live)
      try container.encodeIfPresent(liveObject, forKey: .liveObject)
      try container.encode(releases, forKey: .releases)
    }
  }

  /// A release and where its manifest is.
  package struct Release: Sendable, Hashable, Codable {
    /// The version as herald.yaml lists it.
    package let version: String
    /// The manifest's URL.
    package let manifest: String
    /// The content-addressed copy of the manifest, in a channel built with objects.
    package let object: DocumentObject?

    /// Makes a release.
    package init(version: String, manifest: String, object: DocumentObject? = nil) {
      self.version = version
      self.manifest = manifest
      self.object = object
    }

    enum CodingKeys: String, CodingKey {
      case version, manifest, object
    }

    /// Reads a release; an `object` that does not read is passed over (`manifest` stands).
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      version = try container.decode(String.self, forKey: .version)
      manifest = try container.decode(String.self, forKey: .manifest)
      object = DocumentObject.read(container, forKey: .object)
    }

    /// Writes the release; a channel without objects has no `object`.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(version, forKey: .version)
      try container.encode(manifest, forKey: .manifest)
      try container.encodeIfPresent(object, forKey: .object)
    }
  }

  /// Where a document's content-addressed copy is (`api/v1/objects/<sha256>.json`, DESIGN §3),
  /// and what its bytes are: an app that holds bytes of that hash has the document, and never
  /// asks for it again.
  package struct DocumentObject: Sendable, Hashable, Codable {
    /// The object's URL.
    package let url: String
    /// The SHA-256 of its bytes, in lowercase hex.
    package let sha256: String
    /// How many bytes it has.
    package let bytes: Int

    /// Makes an entry.
    package init(url: String, sha256: String, bytes: Int) {
      self.url = url
      self.sha256 = sha256
      self.bytes = bytes
    }

    /// Reads an entry that is there and well made, else nil.
    ///
    /// Well made: a 64-digit lowercase hex `sha256`, a `bytes` within the body limit and a `url`.
    /// For anything else the reader fetches the canonical URL, as a channel without objects has
    /// it: a wrong entry costs a request, never the document.
    static func read<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key)
      -> DocumentObject?
    {
      guard let object = try? container.decodeIfPresent(DocumentObject.self, forKey: key),
        object.sha256.utf8.count == 64,
        object.sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
        (0...ClientLimits.maximumBodySize).contains(object.bytes)
      else { return nil }
      return object
    }

    /// Whether some bytes are the object's: their count and their SHA-256.
    package func holds(_ body: [UInt8], crypto: some SignatureChecking) -> Bool {
      body.count == bytes && KeyID.hex(crypto.sha256(body)) == sha256
    }

    /// The object path of a SHA-256 (hex) under `api/v1/`.
    package static func path(sha256: String) -> String { "api/v1/objects/\(sha256).json" }
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
