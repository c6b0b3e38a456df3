/// What of herald.yaml a record file is read in the light of: the locales, the platforms with
/// their releases and store links, and the deep-link schemes.
///
/// The decoder sees herald.yaml through this alone, so a record parsed once stays right for any
/// herald.yaml with the same terms: the build cache keeps parsed records under these terms rather
/// than under herald.yaml's bytes, and a new title or theme reuses every record.
package struct RecordTerms: Sendable, Hashable {
  /// The site's default locale.
  package let language: String
  /// The locales besides the default, in herald.yaml's order.
  package let otherLocales: [String]
  /// The configured platforms, sorted by key.
  package let platforms: [PlatformSettings]
  /// URL schemes an `actionUrl` may use besides `https`, lowercased.
  package let deepLinkSchemes: [String]

  /// Every locale, the default first.
  package var locales: [String] { [language] + otherLocales }

  /// The configured platforms a record's `platforms` list reaches (every one when it has none).
  package func platforms(reachedBy listed: [String]?) -> [PlatformSettings] {
    platforms.filter { Announcement.reaches(platform: $0.key, listed: listed) }
  }

  /// Adds every term to a hasher, each with its length or count, so two sets of terms that
  /// differ in any way give different fingerprints.
  package func combine(into hasher: inout SipHasher) {
    hasher.combine("record terms")
    hasher.combine(language)
    hasher.combine(UInt64(otherLocales.count))
    for locale in otherLocales { hasher.combine(locale) }
    hasher.combine(UInt64(platforms.count))
    for platform in platforms {
      hasher.combine(platform.key)
      hasher.combine(platform.store ?? "\u{0}")
      hasher.combine(UInt64(platform.releases.count))
      for release in platform.releases { hasher.combine(release.description) }
    }
    hasher.combine(UInt64(deepLinkSchemes.count))
    for scheme in deepLinkSchemes { hasher.combine(scheme) }
  }
}

extension SiteConfig {
  /// The terms records are read in the light of.
  package var recordTerms: RecordTerms {
    RecordTerms(
      language: language, otherLocales: otherLocales, platforms: platforms,
      deepLinkSchemes: deepLinkSchemes)
  }
}
