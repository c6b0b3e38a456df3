import HeraldCore

/// One language edition of a site: its locale, and the folders its pages and its channel live in.
///
/// A one-language site has one edition, at the root. A site with several `locales` has an
/// edition per locale under `/<locale>/` and `api/v1/<locale>/`, and the default locale's words
/// also at the root, where a one-language site has them (DESIGN §6).
package struct Edition: Sendable, Hashable {
  /// The locale whose words it shows.
  package let locale: String
  /// The folder of its pages and feed in the output: `""` at the root, or `de/`.
  package let pages: String
  /// The folder of its channel under `api/v1/`: `""`, or `de/`.
  package let api: String

  /// The edition at the root, in the site's default locale.
  package static func root(_ config: SiteConfig) -> Edition {
    Edition(locale: config.language, pages: "", api: "")
  }

  /// The edition of a locale, in its own folders.
  package static func localized(_ locale: String) -> Edition {
    Edition(locale: locale, pages: locale + "/", api: locale + "/")
  }

  /// The edition a locale's readers are sent to: the root for the default locale (where links
  /// and `hreflang` point), else the locale's own.
  package static func home(of locale: String, in config: SiteConfig) -> Edition {
    locale == config.language ? root(config) : localized(locale)
  }

  /// The edition readers of `languages` (most preferred first) get: the first locale they reach
  /// along the chain, else the default, at the root.
  package static func reached(by languages: [String], in config: SiteConfig) -> Edition {
    home(
      of: LocaleChain.edition(
        for: languages, available: config.locales, defaultLocale: config.language),
      in: config)
  }

  /// Every edition a site builds: the root, then one per locale when it has more than one.
  package static func all(_ config: SiteConfig) -> [Edition] {
    [root(config)] + (config.isMultilingual ? config.locales.map(localized) : [])
  }

  /// Whether it is the root edition, which also writes the files every edition shares (the
  /// stylesheet and assets, the 404 page, `_headers`, the manifests' schema).
  package var isRoot: Bool { pages.isEmpty }

  /// The site as this edition shows it: every record's words in its locale, along the chain.
  package func site(_ site: Site) -> Site {
    guard locale != site.config.language else { return site }
    return Site(
      config: site.config,
      announcements: site.announcements.map {
        $0.localized(to: locale, defaultLocale: site.config.language)
      })
  }
}
