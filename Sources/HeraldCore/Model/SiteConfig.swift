/// The site's settings from `herald.yaml`.
package struct SiteConfig: Sendable, Hashable {
  /// The channel's title.
  package var title: String
  /// The absolute `https://` URL, ending in `/`, that every link derives from.
  package var baseURL: String
  /// The BCP 47 language tag of the site: its default locale.
  package var language: String
  /// Every locale the site is written in, the default (`language`) first; one for a site with
  /// `language` alone.
  package var locales: [String] {
    get { [language] + otherLocales }
    set {
      language = newValue.first ?? language
      otherLocales = Array(newValue.dropFirst())
    }
  }
  /// The locales besides the default, in herald.yaml's order.
  package private(set) var otherLocales: [String] = []
  /// Whether the site has more than one locale, and so an edition per locale.
  package var isMultilingual: Bool { !otherLocales.isEmpty }
  /// The author named in the feed.
  package var author: String
  /// The theme's name.
  package var theme: String
  /// The configured platforms, sorted by key.
  package var platforms: [PlatformSettings]
  /// URL schemes an `actionUrl` may use besides `https`, lowercased.
  package var deepLinkSchemes: [String]
  /// Where herald.yaml names the theme, so a theme's problems point at that line.
  package var themePosition: SourcePosition = .start
  /// How many entries the Atom feed holds, newest first (0 for every entry).
  package var feedLimit: Int = SiteConfig.defaultFeedLimit
  /// The size, in bytes, over which a document an app reads gets a warning (`manifestBudget`):
  /// what a phone downloads each time it changes.
  package var manifestBudget: Int = SiteConfig.defaultManifestBudget
  /// Where herald.yaml sets `manifestBudget` (its start when it does not), for the warnings.
  package var manifestBudgetPosition: SourcePosition = .start
  /// How many records a page of the archive holds (`archive.pageSize`), newest first.
  package var archivePageSize: Int = SiteConfig.defaultArchivePageSize
  /// How the channel is signed (`signing`), or nil for an unsigned channel.
  package var signing: SigningSettings?

  /// The warning size of a document unless herald.yaml says otherwise: 512 KB.
  package static let defaultManifestBudget = 512_000
  /// The archive's page size unless herald.yaml says otherwise.
  package static let defaultArchivePageSize = 50

  /// The feed's length unless herald.yaml says otherwise, as Zola's `feed_limit`.
  package static let defaultFeedLimit = 50

  /// Makes a configuration.
  package init(
    title: String, baseURL: String, language: String = "en", author: String,
    theme: String = "default", platforms: [PlatformSettings], deepLinkSchemes: [String] = []
  ) {
    self.title = title
    self.baseURL = baseURL
    self.language = language
    self.author = author
    self.theme = theme
    self.platforms = platforms.sorted { $0.key < $1.key }
    self.deepLinkSchemes = deepLinkSchemes
  }

  /// The settings of a platform, or nil when it is not configured.
  package func platform(_ key: String) -> PlatformSettings? {
    platforms.first { $0.key == key }
  }
}

/// One platform's settings.
package struct PlatformSettings: Sendable, Hashable {
  /// The key, such as `ios`.
  package var key: String
  /// The store URL that `actionUrl: store` resolves to on this platform.
  package var store: String?
  /// The versions installed in the wild, as configured (duplicates removed, first kept).
  package var releases: [Version]

  /// Makes a platform's settings.
  package init(key: String, store: String? = nil, releases: [Version] = []) {
    self.key = key
    self.store = store
    var distinct: [Version] = []
    var seen: Set<Version> = []
    for release in releases where seen.insert(release).inserted { distinct.append(release) }
    self.releases = distinct
  }

  /// The current release: the highest configured one.
  package var currentRelease: Version? { releases.max() }

  /// The releases from lowest to highest.
  package var sortedReleases: [Version] { releases.sorted() }
}
