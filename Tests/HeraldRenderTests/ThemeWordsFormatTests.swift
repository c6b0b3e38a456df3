import HeraldProtocol
import Testing

@testable import HeraldRender

/// `{name}`s filled in one pass: each placeholder once, a value never searched again.
@Suite("The theme's words with their placeholders filled in")
struct ThemeWordsFormatTests {
  @Test(
    "placeholders are replaced once, unknown ones and stray braces kept as written",
    arguments: [
      ("Page {number} of {count}", "Page 2 of 7"),
      ("{count}{number}", "72"),
      ("{number} and {number}", "2 and 2"),
      ("{missing} {number", "{missing} {number"),
      ("{}", "{}"),
      ("Seite {number} von {count} – Ä", "Seite 2 von 7 – Ä"),
      ("{{number}}", "{2}"),
      ("x{number}y{count}z", "x2y7z"),
      ("no placeholder at all", "no placeholder at all"),
      ("", ""),
      ("{number", "{number"),
      ("{a{number}}", "{a2}"),
      ("{{count}{number}}", "{72}"),
      ("}{number}{", "}2{"),
      ("{number}}{count}", "2}7"),
      ("{numb{er}", "{numb{er}"),
    ])
  func fills(template: String, expected: String) {
    let words = ThemeWords(table: ["pager": template])
    #expect(words.format("pager", ["number": "2", "count": "7"]) == expected)
  }

  @Test("a word the table lacks is its key, filled in like any other")
  func missingWord() throws {
    let words = ThemeWords(table: [:])
    #expect(words.format("absent", ["absent": "x"]) == "absent")
    let time = try #require(Timestamp("2026-05-03T10:00:00Z"))
    #expect(words.date(time) == "date")
  }

  @Test("a value holding a placeholder is not filled in again")
  func valuesStayAsWritten() {
    let words = ThemeWords(table: ["title": "{name}: {count}"])
    #expect(words.format("title", ["name": "{count} rides", "count": "3"]) == "{count} rides: 3")
  }

  @Test(
    "a date and a month take the locale's month names, and every month has its own",
    arguments: Array(1...12))
  func dates(month: Int) throws {
    var table = ["date": "{day}. {month} {year}", "monthYear": "{month} {year}"]
    for number in 1...12 { table["month\(number)"] = "Monat\(number)" }
    let words = ThemeWords(table: table)
    let padded = month < 10 ? "0\(month)" : "\(month)"
    let time = try #require(Timestamp("2026-\(padded)-03T10:00:00Z"))
    #expect(words.date(time) == "3. Monat\(month) 2026")
    #expect(words.month(time) == "Monat\(month) 2026")
  }
}
