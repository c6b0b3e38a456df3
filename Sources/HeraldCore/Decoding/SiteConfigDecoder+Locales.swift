extension SiteConfigDecoder {
  /// Reads `locales`: BCP 47 tags in canonical case, each once, the first the default; nil when the
  /// list itself cannot be read.
  ///
  /// `language` is the `language` value, when herald.yaml has one.
  func decodeLocales(
    _ node: SourceNode, language: (text: String, position: SourcePosition)?,
    reader: inout FieldReader
  ) -> [String]? {
    guard let items = reader.textList(node, field: "locales", example: "en") else { return nil }
    var locales: [String] = []
    for item in items {
      guard let canonical = LocaleTag.canonical(item.text) else {
        reader.error(
          .invalidLocale, at: item.position, "locale \"\(item.text)\" is not a BCP 47 tag",
          hint: "write a tag such as en, de or pt-BR")
        continue
      }
      guard canonical == item.text else {
        reader.error(
          .invalidLocale, at: item.position,
          "locale \"\(item.text)\" is not written as BCP 47 writes it",
          hint: "write \(canonical): it names the locale's folder and manifests")
        continue
      }
      if canonical == Self.objectsFolder {
        reader.error(
          .invalidLocale, at: item.position,
          "locale \(canonical) would share api/v1/\(canonical)/ with the content-addressed documents",
          hint: "api/v1/objects/ holds every document apps read by the hash of its bytes")
        continue
      }
      if locales.contains(canonical) {
        reader.error(
          .invalidLocale, at: item.position, "locale \(canonical) is listed twice",
          hint: "list each locale once; the first is the default")
        continue
      }
      locales.append(canonical)
    }
    if items.isEmpty {
      reader.error(
        .invalidLocale, at: node.position, "locales is empty",
        hint: "list at least the default locale, such as [en]")
    }
    if let language, let first = locales.first, LocaleTag.canonical(language.text) != first {
      reader.error(
        .localesConflict, at: language.position,
        "language \(language.text) and locales (whose first, \(first), is the default) disagree",
        hint: "remove language: the first of locales is the site's language")
    }
    return locales.isEmpty ? nil : locales
  }
}
