import Foundation
import HeraldTestSupport
import Testing

/// A page links the locales it is written in, and only the root index lists them all.
///
/// Issue 46, item 19: every page of every locale linked every locale, and every locale's index
/// listed them all, so the output grew with the square of the locale count (600 locales and one
/// record: 151 MB).
@Suite("Output grows with the locales, not with their square")
struct LocaleGrowthTests {
  @Test("200 locales and one record: a few KB per locale, and a copy locale is linked nowhere")
  func linearInLocales() throws {
    let site = try TemporaryDirectory()
    let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
    let others = letters.flatMap { first in letters.map { first + $0 } }
      .filter { $0 != "en" }.prefix(199)
    try site.write(
      "herald.yaml",
      "title: T\nbaseURL: https://t.example/\nauthor: A\nlocales: [en, "
        + others.joined(separator: ", ")
        + "]\nplatforms:\n  ios:\n    releases: [1.0.0]\n")
    try site.write(
      "content/announcements/a.md",
      "---\nid: a\ntitle: A\nseverity: INFO\nkind: NOTICE\npublishAt: 2026-01-01\n"
        + "translations:\n  fr: {title: Un}\n---\nBody.\n")
    let output = site.url.appending(path: "public")
    let result = try HeraldProcess.run(
      [
        "build", "--site", site.url.path, "--output", output.path, "--quiet", "--no-cache",
        "--now", "2026-12-01T00:00:00Z",
      ], timeLimit: 120)
    #expect(result.status == 0, "\(result.stderr)")
    let tree = try FileTree.read(output)
    let bytes = tree.files.values.reduce(0) { $0 + $1.count }
    #expect(bytes / 200 < 40_000, "\(bytes) bytes for 200 locales")
    // aa has no words of its own (no theme table, no translation): a copy, linked from nowhere.
    let page = String(decoding: tree.files["announcements/a/index.html"] ?? [], as: UTF8.self)
    #expect(page.contains("hreflang=\"fr\"") && page.contains("hreflang=\"de\""), "\(page)")
    #expect(!page.contains("hreflang=\"aa\""))
    let index = String(decoding: tree.files["api/v1/aa/index.json"] ?? [], as: UTF8.self)
    #expect(!index.contains("\"locales\""))
    let root = String(decoding: tree.files["api/v1/index.json"] ?? [], as: UTF8.self)
    #expect(root.contains("\"locale\": \"aa\""))
  }
}
