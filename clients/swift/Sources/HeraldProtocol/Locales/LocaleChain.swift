/// The one fallback rule for locales (DESIGN §6): the requested locale, then its shorter forms
/// (`fr-CA` → `fr`), then the site's default.
///
/// The build, `explain`, `diff` and both clients use it.
package enum LocaleChain {
  /// The locales whose words an edition in `locale` shows, most preferred first: a translation
  /// that lacks a field falls back along this list for that field alone.
  package static func fallbacks(for locale: String, defaultLocale: String) -> [String] {
    var chain: [String] = []
    for tag in LocaleTag.truncations(locale) + [defaultLocale] where !chain.contains(tag) {
      chain.append(tag)
    }
    return chain
  }

  /// The edition a reader gets, from the languages it prefers (most preferred first, as iOS's
  /// `Locale.preferredLanguages` or a browser's `navigator.languages` list them): the first one
  /// that is, or shortens to, an available locale; else the default.
  ///
  /// Tags compare in canonical case, so `fr_ca` and `fr-CA` are one; a preference that is not a
  /// tag is skipped.
  package static func edition(
    for preferred: [String], available: [String], defaultLocale: String
  ) -> String {
    for language in preferred {
      guard let tag = LocaleTag.canonical(language) else { continue }
      for candidate in LocaleTag.truncations(tag) where available.contains(candidate) {
        return candidate
      }
    }
    return defaultLocale
  }
}
