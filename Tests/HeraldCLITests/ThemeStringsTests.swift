import Foundation
import HeraldTestSupport
import Testing

/// The default theme's words come from a strings table per locale, which a site overrides word by
/// word in its own `i18n/<locale>.yaml`.
@Suite("Theme strings per locale: German pages in German")
struct ThemeStringsTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  /// A table's words that can be told apart from another table's: each text cut at its `{…}`
  /// placeholders, keeping the pieces long enough to mean something.
  static func phrases(_ file: String) throws -> [String: [String]] {
    let text = try String(
      contentsOf: Fixtures.packageRoot.appending(path: "themes/default/i18n/\(file)"),
      encoding: .utf8)
    var table: [String: [String]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && line.contains(": ") {
      let parts = line.split(separator: ":", maxSplits: 1)
      var value = parts[1].trimmingCharacters(in: .whitespaces)
      if let comment = value.range(of: "  #") { value = String(value[..<comment.lowerBound]) }
      value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      table[String(parts[0])] = value.components(separatedBy: CharacterSet(charactersIn: "{}"))
        .enumerated().filter { $0.offset % 2 == 0 }.map {
          $0.element.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        }.filter { $0.count >= 4 }
    }
    return table
  }

  /// The locales fixture, with the channel's title translated through the site's own table.
  static func site() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    let source = Fixtures.root.appending(path: "sites/locales")
    for relative in ["herald.yaml"]
      + (try FileManager.default.subpathsOfDirectory(
        atPath: source.appending(path: "content").path)).map({ "content/" + $0 })
    {
      var isFolder: ObjCBool = false
      let path = source.appending(path: relative).path
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      try site.write(relative, try String(contentsOfFile: path, encoding: .utf8))
    }
    try site.write("i18n/de.yaml", "title: Pebble-Neuigkeiten\nwhy: Wieso\n")
    return site
  }

  @Test(
    "every page of the German edition: no word of the theme's English table, the site's own words used"
  )
  func germanPagesAreGerman() throws {
    let site = try Self.site()
    let output = site.path("public")
    let built = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", output, "--quiet"] + Self.now)
    #expect(built.status == 0, "\(built.stderr)")
    let english = try Self.phrases("en.yaml")
    let german = try Self.phrases("de.yaml")
    // Words the two tables share (Info, November, August) say nothing about the language.
    let shared = Set(german.values.joined())
    let englishOnly = Set(english.values.joined()).subtracting(shared)
    #expect(englishOnly.count > 30, "the tables differ")
    let pages = try FileManager.default.subpathsOfDirectory(atPath: output + "/de")
      .filter { $0.hasSuffix(".html") }
    #expect(pages.count >= 4)
    for page in pages {
      let html = try String(contentsOfFile: output + "/de/" + page, encoding: .utf8)
      // As whole words: "Follows the system" in a record's own English is not the theme's "Follow".
      for phrase in englishOnly.sorted()
      where html.range(
        of: "(?<![\\p{L}])" + NSRegularExpression.escapedPattern(for: phrase) + "(?![\\p{L}])",
        options: .regularExpression) != nil
      {
        Issue.record("de/\(page) says \"\(phrase)\"")
      }
      #expect(html.contains("Pebble-Neuigkeiten"), "the channel's title in German in de/\(page)")
    }
    let archive = try String(contentsOfFile: output + "/de/index.html", encoding: .utf8)
    #expect(archive.contains(">Wieso</a>"), "the site's own word")
    #expect(archive.contains("25. November 2026"), "a German date")
    #expect(archive.contains("Versionen bis 1.9 müssen aktualisiert werden"))
    let englishArchive = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    #expect(englishArchive.contains(">Why</a>") && englishArchive.contains("Pebble news"))
  }

  @Test("a misspelt word in a site's strings is an error at its line, with the word it resembles")
  func misspeltWord() throws {
    let site = try Self.site()
    try site.write("i18n/de.yaml", "title: Pebble-Neuigkeiten\nwhyy: Wieso\n")
    let checked = try HeraldProcess.run(["check", "--site", site.url.path] + Self.now)
    #expect(checked.status == 1)
    #expect(
      checked.stderr.contains(
        site.url.path + "/i18n/de.yaml:2:1: error: the word \"whyy\" is not one the theme writes"
          + " [unknown-string]\n  hint: did you mean \"why\"?\n"), "\(checked.stderr)")
  }
}
