import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The locale table both clients share: conformance/locales.json.
struct LocaleTable: Decodable {
  struct Fallback: Decodable, Sendable {
    let locale: String
    let `default`: String
    let chain: [String]
  }
  struct EditionCase: Decodable, Sendable, CustomTestStringConvertible {
    let preferred: [String]
    let available: [String]
    let `default`: String
    let edition: String
    var testDescription: String { "\(preferred) of \(available) → \(edition)" }
  }
  let canonical: [[String?]]
  let fallbacks: [Fallback]
  let editions: [EditionCase]

  static let shared: LocaleTable? = {
    let url = Fixtures.packageRoot.appending(path: "conformance/locales.json")
    return (try? Data(contentsOf: url)).flatMap {
      try? JSONDecoder().decode(LocaleTable.self, from: $0)
    }
  }()
}

@Suite("One locale chain: the requested locale, its shorter forms, the default (DESIGN §6)")
struct LocaleChainTests {
  static let canonical: [(String, String?)] = (LocaleTable.shared?.canonical ?? []).compactMap {
    guard $0.count == 2, let text = $0[0] else { return nil }
    return (text, $0[1])
  }

  @Test("the shared table is there") func tableIsThere() throws {
    let table = try #require(LocaleTable.shared)
    #expect(table.canonical.count >= 10 && table.fallbacks.count >= 5 && table.editions.count >= 10)
  }

  @Test("canonical tags", arguments: canonical)
  func canonicalForm(_ text: String, _ expected: String?) {
    #expect(LocaleTag.canonical(text) == expected)
    if let expected { #expect(LocaleTag.canonical(expected) == expected) }
  }

  @Test(
    "the chain a translation's missing field falls back along",
    arguments: LocaleTable.shared?.fallbacks.map { ($0.locale, $0.default, $0.chain) } ?? [])
  func fallbacks(_ locale: String, _ defaultLocale: String, _ chain: [String]) {
    #expect(LocaleChain.fallbacks(for: locale, defaultLocale: defaultLocale) == chain)
  }

  @Test("the edition a reader gets", arguments: LocaleTable.shared?.editions ?? [])
  func edition(_ entry: LocaleTable.EditionCase) {
    #expect(
      LocaleChain.edition(
        for: entry.preferred, available: entry.available, defaultLocale: entry.default)
        == entry.edition)
  }

  @Test("a record's words, field by field along the chain")
  func localizedFieldByField() throws {
    let record = Announcement(
      id: "a", title: "Hello", severity: .info, kind: .notice,
      body: AnnouncementBody(paragraphs: ["Hi."], bullets: []), actionLabel: "Open",
      publishAt: try #require(Timestamp("2026-01-01")),
      translations: [
        "fr": Translation(title: "Bonjour", actionLabel: "Ouvrir"),
        "fr-CA": Translation(title: "Allô"),
      ])
    let canadian = record.localized(to: "fr-CA", defaultLocale: "en")
    #expect(canadian.title == "Allô")
    #expect(canadian.actionLabel == "Ouvrir")
    #expect(canadian.body == record.body)
    #expect(canadian.id == record.id && canadian.range == record.range)
    #expect(record.localized(to: "de", defaultLocale: "en") == record)
    #expect(record.localized(to: "en", defaultLocale: "en") == record)
  }
}
