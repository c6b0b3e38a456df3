import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRender

/// `clients/js/src/words.ts`: the default theme's words that `<herald-announcements>` writes
/// itself, per locale, made from `themes/default/i18n/*.yaml` (`RECORD_GOLDEN=1` writes it).
///
/// Issue 46, item 22: the component's own words (What's new, Close, New) stayed English for a
/// German user.
@Suite("The web component's words are the theme's")
struct ComponentWordsTests {
  /// The words the component writes, by the theme's names.
  static let keys = [
    "archiveTitle", "bell", "close", "dismiss", "kindNotice", "kindUpdateAvailable",
    "kindWhatsNew", "newBadge", "nothingYet", "unread", "updateRequired",
  ]

  static let file = Fixtures.packageRoot.appending(path: "clients/js/src/words.ts")

  /// The file's text as the default theme's tables give it now.
  static func generated() throws -> String {
    let site = try TemporaryDirectory()
    let config = SiteConfig(
      title: "T", baseURL: "https://t.example/", author: "A",
      platforms: [PlatformSettings(key: "web")])
    let theme = try Theme.load(siteDirectory: site.url.path, config: config).get()
    func literal(_ text: String) -> String {
      var quoted = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        default: quoted.unicodeScalars.append(scalar)
        }
      }
      return quoted + "\""
    }
    var lines = [
      "// Made from herald's themes/default/i18n/*.yaml by RECORD_GOLDEN=1 swift test --filter"
        + " ComponentWords;",
      "// do not edit: ComponentWordsTests fails when it is stale.",
      "",
      "/** The default theme's words that `<herald-announcements>` writes itself, by locale. */",
      "export const themeWords: Readonly<Record<string, Readonly<Record<string, string>>>> = {",
    ]
    for locale in theme.strings.tables.keys.sorted() {
      let table = theme.strings.tables[locale] ?? [:]
      lines.append("  \(literal(locale)): {")
      for key in keys {
        guard let text = table[key] else { continue }
        lines.append("    \(key): \(literal(text)),")
      }
      lines.append("  },")
    }
    lines.append("};")
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("clients/js/src/words.ts is the default theme's words")
  func wordsAreCurrent() throws {
    let text = try Self.generated()
    #expect(text.contains("close: \"Schließen\""))
    if Fixtures.recording { try Data(text.utf8).write(to: Self.file) }
    let onDisk = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(onDisk == text, "clients/js/src/words.ts is stale: RECORD_GOLDEN=1 to regenerate")
  }
}
