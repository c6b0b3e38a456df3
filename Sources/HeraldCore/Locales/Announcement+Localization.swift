extension Announcement {
  /// The record as an edition in `locale` shows it: each of title, body and action label from the
  /// first locale of the chain that translates it, else the record's own (the default locale's).
  package func localized(to locale: String, defaultLocale: String) -> Announcement {
    guard !translations.isEmpty, locale != defaultLocale else { return self }
    let chain = LocaleChain.fallbacks(for: locale, defaultLocale: defaultLocale)
      .filter { $0 != defaultLocale }
    func pick<Value>(_ field: (Translation) -> Value?) -> Value? {
      for tag in chain {
        if let translation = translations[tag], let value = field(translation) { return value }
      }
      return nil
    }
    let label = pick(\.actionLabel)
    return replacing(
      title: pick(\.title), body: pick(\.body), actionLabel: label.map { .some($0) })
  }

  /// The same record with translations added from their own files, marked with `key` (the
  /// fingerprint of the record's file and theirs) when a cache keys records.
  package func adding(_ more: [String: Translation], key: Fingerprint?) -> Announcement {
    replacing(
      translations: translations.merging(more) { first, _ in first },
      source: RecordSource(file: source.file, key: key ?? source.key))
  }
}
