/// The locale rule that needs a record's translations from every file: a wall must be understood.
package enum TranslationRules {
  /// A warning (an error with `--strict`) for every blocking record whose title, body or action
  /// label a configured locale of another language does not translate, along its chain.
  package static func untranslatedWalls(_ records: [DecodedRecord], config: SiteConfig)
    -> [Diagnostic]
  {
    guard config.isMultilingual else { return [] }
    let defaultLanguage = LocaleTag.language(config.language)
    var diagnostics: [Diagnostic] = []
    for record in records {
      guard let wall = record.announcement, wall.blocking else { continue }
      for locale in config.otherLocales where LocaleTag.language(locale) != defaultLanguage {
        let chain = LocaleChain.fallbacks(for: locale, defaultLocale: config.language)
          .filter { $0 != config.language }
        let translations = chain.compactMap { wall.translations[$0] }
        var missing: [String] = []
        if !translations.contains(where: { $0.title != nil }) { missing.append("title") }
        if !wall.body.blocks.isEmpty, !translations.contains(where: { $0.body != nil }) {
          missing.append("body")
        }
        if wall.actionLabel != nil, !translations.contains(where: { $0.actionLabel != nil }) {
          missing.append("actionLabel")
        }
        guard !missing.isEmpty else { continue }
        diagnostics.append(
          Diagnostic(
            file: record.file, position: record.id?.position ?? .start, severity: .warning,
            code: .untranslatedWall,
            message: "this wall's \(missing.joined(separator: ", ")) has no \(locale) translation,"
              + " so \(locale) readers are walled in \(config.language)",
            hint: "add translations: {\(locale): {...}} or \(wall.id).\(locale).md;"
              + " a wall is the one message every reader must understand"))
      }
    }
    return diagnostics
  }
}
