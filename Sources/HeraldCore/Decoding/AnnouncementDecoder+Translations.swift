/// Reads a translation's `body` value (Markdown text, or the `{paragraphs, bullets}` object) with
/// the same rules as a record's body; the content layer supplies it, as it owns the Markdown reader.
package typealias TranslationBodyReader =
  @Sendable (SourceNode, inout FieldReader) -> AnnouncementBody?

extension AnnouncementDecoder {
  /// Reads `translations: {de: {title, body, actionLabel}, …}`: each locale one of herald.yaml's
  /// `locales` other than the default, each entry only the words.
  func decodeTranslations(
    _ node: SourceNode, file: String, bodyReader: TranslationBodyReader?,
    reader: inout FieldReader
  ) -> [String: Translation] {
    guard let entries = reader.mapping(node, field: "translations") else { return [:] }
    var translations: [String: Translation] = [:]
    for entry in entries {
      guard checkLocale(entry.key, at: entry.keyPosition, reader: &reader) else { continue }
      if translations[entry.key] != nil {
        reader.error(
          .duplicateTranslation, at: entry.keyPosition,
          "translations has \(entry.key) twice", hint: "keep one")
        continue
      }
      guard let fields = reader.mapping(entry.value, field: "translations.\(entry.key)") else {
        continue
      }
      if let translation = decodeTranslation(
        fields, locale: entry.key, file: file, at: entry.keyPosition, bodyReader: bodyReader,
        reader: &reader)
      {
        translations[entry.key] = translation
      }
    }
    return translations
  }

  /// One locale's words; `fields` are its entries (from `translations.<locale>`, or from the
  /// front matter of `<id>.<locale>.md`, whose body the caller passes as `body`).
  package func decodeTranslation(
    _ fields: [SourceEntry], locale: String, file: String, at position: SourcePosition,
    body: AnnouncementBody? = nil, bodyReader: TranslationBodyReader?, reader: inout FieldReader
  ) -> Translation? {
    let known = AnnouncementField.translatable.map(\.rawValue)
    let byKey = reader.knownEntries(
      fields, known: known, context: "the \(locale) translation",
      unknownHint: "A translation holds only the words: title, body and actionLabel.")
    var translation = Translation(body: body, file: file, position: position)
    if let node = byKey["title"]?.value, let text = reader.text(node, field: "title") {
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty {
        reader.error(.emptyTitle, at: node.position, "the \(locale) title is empty")
      } else {
        translation.title = trimmed
        if trimmed.count > Self.titleWarningLength {
          reader.warning(
            .longTitle, at: node.position,
            "the \(locale) title has \(trimmed.count) characters, over \(Self.titleWarningLength)",
            hint: "a strip or a dialog cuts long titles off; put the detail in the body")
        }
      }
    }
    if let node = byKey["actionLabel"]?.value, let text = reader.text(node, field: "actionLabel") {
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty {
        reader.error(
          .emptyValue, at: node.position, "the \(locale) actionLabel is empty",
          hint: "remove it to fall back to the default locale's label")
      } else {
        translation.actionLabel = trimmed
      }
    }
    if let node = byKey["body"]?.value {
      translation.body = bodyReader.map { $0(node, &reader) } ?? reader.body(node)
    }
    return translation
  }

  /// Whether a translation's locale is one of herald.yaml's, and not the default; reports why not.
  package func checkLocale(
    _ locale: String, at position: SourcePosition, reader: inout FieldReader
  ) -> Bool {
    guard let terms else { return true }
    if locale == terms.language {
      reader.error(
        .defaultLocaleTranslation, at: position,
        "\(locale) is the default locale: its words are the record's own fields",
        hint: "edit the title and body themselves, or list another locale first in locales")
      return false
    }
    guard terms.otherLocales.contains(locale) else {
      let canonical = LocaleTag.canonical(locale)
      // A regional tag whose language the site has (de-DE in a site with de) is meant for it.
      let broader = canonical.flatMap { tag in
        LocaleTag.truncations(tag).dropFirst().first { terms.otherLocales.contains($0) }
      }
      let near =
        canonical.flatMap { terms.locales.contains($0) ? $0 : nil }
        ?? NearestName.suggestion(for: locale, among: terms.locales)
      let hint =
        broader.map {
          "the site has \($0), which readers of \(locale) get too: write this translation as \($0)"
        } ?? near.map { "did you mean \($0)?" } ?? "add it to locales in herald.yaml"
      reader.error(
        .unknownLocale, at: position,
        "\(locale) is not one of the site's locales (\(terms.locales.joined(separator: ", ")))",
        hint: hint)
      return false
    }
    return true
  }
}
