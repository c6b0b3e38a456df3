import HeraldContent
import HeraldCore

/// The words a theme writes, per locale: the default theme's `i18n/<locale>.yaml` tables, a theme's
/// own, and the site's `i18n/<locale>.yaml`, merged key by key in that order.
///
/// A locale without a word falls back along its truncations (`de-AT` to `de`), then to English,
/// so a table may hold only the words it changes.
package struct ThemeStrings: Sendable, Hashable {
  /// The merged table of each locale that has one.
  let tables: [String: [String: String]]

  /// The site's locales whose words are their own: along the locale's chain, a table comes
  /// before the site's default locale (`de-AT` has `de`'s; `en-GB` on an English site has none).
  func localesWithOwnWords(_ config: SiteConfig) -> Set<String> {
    Set(
      config.locales.filter { locale in
        LocaleChain.fallbacks(for: locale, defaultLocale: config.language)
          .prefix { $0 != config.language }
          .contains { tables[$0] != nil }
      })
  }

  /// Reads the tables from `i18n/<locale>.yaml` files, in the order they override one another;
  /// every problem is a diagnostic at its line.
  static func read(_ layers: [[(file: String, locale: String, bytes: [UInt8])]]) -> (
    ThemeStrings, [Diagnostic]
  ) {
    var tables: [String: [String: String]] = [:]
    var diagnostics: [Diagnostic] = []
    var read: [(file: String, positions: [String: SourcePosition])] = []
    for layer in layers {
      for source in layer {
        guard LocaleTag.canonical(source.locale) == source.locale else {
          diagnostics.append(
            Diagnostic(
              file: source.file, position: .start, code: .invalidStrings,
              message: "\(source.locale) is not a BCP 47 language tag in its canonical form",
              hint: "name the file after a locale of herald.yaml, such as de.yaml or fr-CA.yaml"))
          continue
        }
        let (table, positions, problems) = Self.table(source)
        diagnostics += problems
        tables[source.locale, default: [:]].merge(table) { $1 }
        read.append((source.file, positions))
      }
    }
    // A word the English table does not have is a misspelling: no template asks for it.
    let english = tables["en"] ?? [:]
    for (file, positions) in read where !english.isEmpty {
      for key in positions.keys.sorted() where english[key] == nil {
        diagnostics.append(
          Diagnostic(
            file: file, position: positions[key] ?? .start, code: .unknownString,
            message: "the word \"\(key)\" is not one the theme writes",
            hint: NearestName.suggestion(for: key, among: english.keys.sorted()).map {
              "did you mean \"\($0)\"?"
            }))
      }
    }
    return (ThemeStrings(tables: tables), diagnostics)
  }

  /// One file's table: a mapping of words to text.
  private static func table(_ source: (file: String, locale: String, bytes: [UInt8])) -> (
    [String: String], [String: SourcePosition], [Diagnostic]
  ) {
    let text = String(decoding: source.bytes, as: UTF8.self)
    switch YAMLReader.read(text, file: source.file) {
    case .failure(let error): return ([:], [:], [error.diagnostic])
    case .success(nil): return ([:], [:], [])
    case .success(let node?):
      guard case .mapping(let entries) = node.value else {
        return (
          [:], [:],
          [
            Diagnostic(
              file: source.file, position: node.position, code: .invalidStrings,
              message: "a strings file is a mapping of words to text",
              hint: "write one word per line, such as why: Warum")
          ]
        )
      }
      var table: [String: String] = [:]
      var positions: [String: SourcePosition] = [:]
      var problems: [Diagnostic] = []
      for entry in entries {
        positions[entry.key] = entry.keyPosition
        switch entry.value.value {
        case .scalar(.plain(let text)), .scalar(.string(let text)), .scalar(.number(let text)):
          table[entry.key] = text
        default:
          problems.append(
            Diagnostic(
              file: source.file, position: entry.value.position, code: .invalidStrings,
              message: "\"\(entry.key)\" is \(entry.value.value.summary), not text",
              hint: "quote it: \(entry.key): \"…\""))
        }
      }
      return (table, positions, problems)
    }
  }

  /// The words of a locale, each from the most specific table that has it.
  func words(for locale: String) -> ThemeWords {
    var chain = LocaleTag.truncations(locale)
    if !chain.contains("en") { chain.append("en") }
    var merged: [String: String] = [:]
    for tag in chain.reversed() { merged.merge(tables[tag] ?? [:]) { $1 } }
    return ThemeWords(table: merged)
  }
}

extension DiagnosticCode {
  /// A strings file that is not a mapping of words to text, or is named after no locale tag.
  package static let invalidStrings = DiagnosticCode("invalid-strings")
  /// A word in a strings file that the theme does not write (a misspelling).
  package static let unknownString = DiagnosticCode("unknown-string")
}
