/// Types `herald.yaml` by DESIGN §2 and reports every problem in it.
package struct SiteConfigDecoder: Sendable {
  /// The configuration file's name, relative to the site.
  package static let fileName = "herald.yaml"

  /// The keys herald.yaml may hold.
  package static let keys = [
    "title", "baseURL", "language", "locales", "author", "theme", "platforms", "deepLinkSchemes",
    "feedLimit", "manifestBudget", "archive", "signing",
  ]

  /// Makes a decoder.
  package init() {}

  /// The result of decoding: a configuration when it is usable, and the problems found.
  package struct Result: Sendable {
    /// The configuration, or nil when the platforms could not be read (records are then checked
    /// without the platform rules).
    package let config: SiteConfig?
    /// Every problem found in herald.yaml.
    package let diagnostics: [Diagnostic]

    /// Makes a result.
    package init(config: SiteConfig?, diagnostics: [Diagnostic]) {
      self.config = config
      self.diagnostics = diagnostics
    }
  }

  /// Decodes the root node of herald.yaml.
  package func decode(_ root: SourceNode, reader initial: FieldReader? = nil) -> Result {
    var reader = initial ?? FieldReader(file: Self.fileName)
    guard let entries = reader.mapping(root, field: "herald.yaml") else {
      return Result(config: nil, diagnostics: reader.diagnostics)
    }
    let fields = reader.knownEntries(entries, known: Self.keys, context: "herald.yaml")
    func required(_ key: String, hint: String) -> SourceNode? {
      if let node = fields[key]?.value { return node }
      reader.error(.missingField, at: root.position, "herald.yaml has no \"\(key)\"", hint: hint)
      return nil
    }

    let title =
      required("title", hint: "add title: with the channel's name").flatMap {
        reader.text($0, field: "title")
      } ?? ""
    let author =
      required("author", hint: "add author: with the team's name (the Atom feed needs one)")
      .flatMap { reader.text($0, field: "author") } ?? ""
    var baseURL = ""
    if let node = required("baseURL", hint: "add baseURL: https://example.com/whats-new/"),
      let text = reader.text(node, field: "baseURL")
    {
      baseURL = text
      if let problem = Self.baseURLProblem(text) {
        reader.error(.invalidBaseURL, at: node.position, problem.message, hint: problem.hint)
      } else if PlaceholderText.isExample(baseURL: text) {
        reader.warning(
          .placeholderBaseURL, at: node.position,
          "baseURL \(text) is on a domain reserved for examples: no app could fetch the channel"
            + " there",
          hint: "write the address the channel will be served from; herald build --base-url"
            + " overrides it for a preview")
      }
    }
    var language = "en"
    var written: (text: String, position: SourcePosition)?
    if let entry = fields["language"], let text = reader.text(entry.value, field: "language") {
      let node = entry.value
      language = text
      written = (text, entry.keyPosition)
      if !Self.isLanguageTag(text) {
        reader.error(
          .invalidLanguage, at: node.position, "language \"\(text)\" is not a BCP 47 tag",
          hint: "write a tag such as en, de or pt-BR")
      }
    }
    var locales = [language]
    if let node = fields["locales"]?.value {
      locales = decodeLocales(node, language: written, reader: &reader) ?? locales
      language = locales.first ?? language
    }
    var theme = "default"
    var themePosition = SourcePosition.start
    if let node = fields["theme"]?.value, let text = reader.text(node, field: "theme") {
      theme = text
      themePosition = node.position
      if !Self.isThemeName(text) {
        reader.error(
          .invalidTheme, at: node.position, "theme \"\(text)\" is not a folder name under themes/",
          hint: "use lowercase letters, digits, - and _")
      }
    }
    var feedLimit = SiteConfig.defaultFeedLimit
    if let node = fields["feedLimit"]?.value, let text = reader.text(node, field: "feedLimit") {
      if let limit = Int(text), limit >= 0, text.allSatisfy(\.isASCII) {
        feedLimit = limit
      } else {
        reader.error(
          .invalidFeedLimit, at: node.position, "feedLimit \"\(text)\" is not a whole number",
          hint: "write the number of newest entries the feed holds, such as 50, or 0 for all")
      }
    }
    let budget = fields["manifestBudget"].flatMap { decodeBudget($0.value, reader: &reader) }
    let pageSize = fields["archive"].flatMap { decodeArchive($0.value, reader: &reader) }
    let signing = fields["signing"].flatMap { decodeSigning($0, reader: &reader) }
    var schemes: [String] = []
    if let node = fields["deepLinkSchemes"]?.value,
      let items = reader.textList(node, field: "deepLinkSchemes", example: "myapp")
    {
      for item in items {
        let scheme = item.text.lowercased()
        if scheme.hasSuffix(":") || scheme.hasSuffix("://") {
          let bare = scheme.prefix { $0 != ":" }
          reader.error(
            .invalidScheme, at: item.position, "deep-link scheme \"\(item.text)\" is not bare",
            hint: "write \(bare), without the colon")
        } else if !URLCharacters.isScheme(scheme.utf8) {
          reader.error(
            .invalidScheme, at: item.position, "\"\(item.text)\" is not a URL scheme name")
        } else if ActionTarget.forbiddenSchemes.contains(scheme) {
          reader.error(
            .invalidScheme, at: item.position,
            "\"\(scheme)\" cannot be a deep-link scheme",
            hint: scheme == "https" ? "https is always allowed" : "it is never safe in an app")
        } else if !schemes.contains(scheme) {
          schemes.append(scheme)
        }
      }
    }

    var platforms: [PlatformSettings]?
    if let node = required("platforms", hint: "add platforms: with at least one, such as ios:") {
      platforms = decodePlatforms(node, reader: &reader)
    }
    let config = platforms.map {
      var config = SiteConfig(
        title: title, baseURL: baseURL, language: language, author: author, theme: theme,
        platforms: $0, deepLinkSchemes: schemes.sorted())
      config.locales = locales
      config.themePosition = themePosition
      config.feedLimit = feedLimit
      if let budget {
        config.manifestBudget = budget.bytes
        config.manifestBudgetPosition = budget.position
      }
      if let pageSize { config.archivePageSize = pageSize }
      config.signing = signing
      return config
    }
    return Result(config: config, diagnostics: reader.diagnostics)
  }

  private func decodePlatforms(_ node: SourceNode, reader: inout FieldReader)
    -> [PlatformSettings]?
  {
    guard let entries = reader.mapping(node, field: "platforms") else { return nil }
    guard !entries.isEmpty else {
      reader.error(
        .invalidPlatform, at: node.position, "platforms is empty",
        hint: "configure at least one platform, such as ios:")
      return nil
    }
    var platforms: [PlatformSettings] = []
    var seen: [String] = []
    for entry in entries {
      guard !seen.contains(entry.key) else {
        reader.error(
          .duplicateField, at: entry.keyPosition, "platform \"\(entry.key)\" is configured twice")
        continue
      }
      seen.append(entry.key)
      guard Self.isPlatformKey(entry.key) else {
        reader.error(
          .invalidPlatform, at: entry.keyPosition,
          "platform key \"\(entry.key)\" must match ^[a-z][a-z0-9-]*$",
          hint: "use lowercase letters, digits and hyphens, such as ios or android-tv")
        continue
      }
      guard entry.key != Self.objectsFolder else {
        reader.error(
          .invalidPlatform, at: entry.keyPosition,
          "platform key \"\(entry.key)\" would share api/v1/\(entry.key)/ with the"
            + " content-addressed documents",
          hint: "api/v1/objects/ holds every document apps read by the hash of its bytes: name the"
            + " platform otherwise, such as objects-app")
        continue
      }
      if let settings = decodePlatform(entry, reader: &reader) { platforms.append(settings) }
    }
    return platforms
  }

  private func decodePlatform(_ entry: SourceEntry, reader: inout FieldReader) -> PlatformSettings?
  {
    let context = "platforms.\(entry.key)"
    let entries: [SourceEntry]
    switch entry.value.value {
    case .scalar(.plain(let text)) where FieldReader.isNull(text):
      entries = []
    case .scalar(.null):
      entries = []
    default:
      guard let mapping = reader.mapping(entry.value, field: context) else { return nil }
      entries = mapping
    }
    let fields = reader.knownEntries(entries, known: ["store", "releases"], context: context)
    var store: String?
    if let node = fields["store"]?.value, let text = reader.text(node, field: "\(context).store") {
      if case .web = try? ActionTarget(parsing: text, deepLinkSchemes: []) {
        store = text
      } else {
        reader.error(
          .invalidStoreURL, at: node.position,
          "\(context).store \"\(text)\" is not an https:// URL",
          hint: "paste the store page's https:// link")
      }
    }
    var releases: [Version] = []
    // Each release is looked up among those before it by version and by manifest name, in a
    // table: 6,000 releases compared pairwise took a minute.
    var byVersion: [Version: Version] = [:]
    var byName: [String: Version] = [:]
    if let node = fields["releases"]?.value,
      case .sequence(let items) = node.value
    {
      for item in items {
        guard let version = reader.version(item, field: "\(context).releases") else { continue }
        if let previous = releases.last, version < previous {
          reader.warning(
            .releasesOutOfOrder, at: item.position,
            "release \(version) of \(entry.key) comes after the higher \(previous)",
            hint: "list releases from oldest to newest; the highest is the current release")
        }
        let name = version.canonical.lowercased()
        if let twin = byVersion[version] {
          if twin.text == version.text {
            reader.warning(
              .duplicateRelease, at: item.position,
              "release \(version) of \(entry.key) is listed twice",
              hint: "remove one; each release gets one manifest")
          } else {
            reader.error(
              .releaseSpelledTwice, at: item.position,
              "release \(version) of \(entry.key) is the same version as \(twin), listed before",
              hint: "list each release once; both would be the manifest \(version.canonical).json")
          }
        } else if let twin = byName[name] {
          reader.error(
            .releaseNamesCollide, at: item.position,
            "releases \(twin) and \(version) of \(entry.key) differ only in letter case",
            hint: "their manifests would be one file on a case-insensitive store or disk;"
              + " keep one spelling")
        }
        if byVersion[version] == nil { byVersion[version] = version }
        if byName[name] == nil { byName[name] = version }
        releases.append(version)
      }
    } else if let node = fields["releases"]?.value {
      _ = reader.textList(node, field: "\(context).releases", example: "2.3.0, 2.4.0")
    }
    return PlatformSettings(key: entry.key, store: store, releases: releases)
  }

  /// What is wrong with a baseURL, if anything.
  static func baseURLProblem(_ text: String) -> (message: String, hint: String)? {
    guard case .web = try? ActionTarget(parsing: text, deepLinkSchemes: []) else {
      let plain = text.lowercased().hasPrefix("http://")
      return (
        "baseURL \"\(text)\" is not an absolute https:// URL",
        plain
          ? "apps fetch the channel over https only: write https://\(text.dropFirst(7)); for a"
            + " preview over http, keep https here and pass herald build --base-url \(text)"
          : "write the address the site is served from, such as https://example.com/whats-new/"
      )
    }
    if text.contains("?") || text.contains("#") {
      return ("baseURL \"\(text)\" has a query or a fragment", "remove everything after ? or #")
    }
    if !text.hasSuffix("/") {
      return ("baseURL \"\(text)\" does not end in /", "write \(text)/")
    }
    return nil
  }

  /// Whether a text is a well-formed BCP 47 tag (language, then 1-8 character subtags).
  static func isLanguageTag(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first,
      (2...3).contains(language.count) || (5...8).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The folder under `api/v1/` of the content-addressed documents (DESIGN §3), which no platform
  /// or locale may be named.
  static let objectsFolder = "objects"

  /// Whether a text is a platform key.
  package static func isPlatformKey(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
    }
  }

  /// Whether a text is a theme folder name.
  static func isThemeName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first,
      ("a"..."z").contains(first) || ("0"..."9").contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
    }
  }
}
