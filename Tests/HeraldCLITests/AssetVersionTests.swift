import Foundation
import HeraldTestSupport
import Testing

/// A team's own asset is linked with a version of its bytes, and kept by browsers for a year only
/// when it is: its next edit reaches them either way.
@Suite("A theme's own assets: versioned by their bytes, cached for as long as that is safe")
struct AssetVersionTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  /// The example site with a base template that links `kettle.css` through `site.assets` and
  /// `plain.css` by a plain path.
  static func site() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let base = try String(
      contentsOf: Fixtures.packageRoot.appending(path: "themes/default/templates/base.mustache"),
      encoding: .utf8)
    let link = "<link rel=\"stylesheet\" href=\"{{site.stylesheetURL}}\">\n"
    #expect(base.contains(link))
    try site.write(
      "themes/default/templates/base.mustache",
      base.replacingOccurrences(
        of: link,
        with: link + "<link rel=\"stylesheet\" href=\"{{site.assets.kettle.css}}\">\n"
          + "<link rel=\"stylesheet\" href=\"{{site.baseURL}}assets/plain.css\">\n"))
    try site.write("themes/default/assets/kettle.css", "body { color: teal; }\n")
    try site.write("themes/default/assets/plain.css", "p { margin: 0; }\n")
    return site
  }

  /// The `?v=` of kettle.css in the archive page.
  static func version(in output: String) throws -> String? {
    let page = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    guard let range = page.range(of: "assets/kettle.css?v=") else { return nil }
    return String(page[range.upperBound...].prefix { $0.isHexDigit })
  }

  @Test(
    "an edit of the team's stylesheet changes its version in every page; _headers keeps only versioned assets for a year"
  )
  func editChangesVersion() throws {
    let site = try Self.site()
    let output = site.path("public")
    let first = try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now)
    #expect(first.status == 0, "\(first.stderr)")
    let before = try #require(try Self.version(in: output))
    #expect(before.count == 12)
    let headers = try String(contentsOfFile: output + "/_headers", encoding: .utf8)
    #expect(
      headers.contains("/assets/kettle.css\n  Cache-Control: public, max-age=31536000, immutable\n")
    )
    #expect(
      headers.contains("/assets/plain.css\n  Cache-Control: public, max-age=300, must-revalidate\n")
    )
    #expect(
      !headers.contains("/assets/*"), "no rule for every asset, which a plain link would escape")

    try site.write("themes/default/assets/kettle.css", "body { color: darkcyan; }\n")
    let second = try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now)
    #expect(second.status == 0, "\(second.stderr)")
    let after = try #require(try Self.version(in: output))
    #expect(after != before, "the edit reaches browsers that kept the old file")
    let record = try String(
      contentsOfFile: output + "/announcements/fare-capping/index.html", encoding: .utf8)
    #expect(record.contains("assets/kettle.css?v=\(after)"))
    #expect(
      FileManager.default.contents(atPath: output + "/assets/kettle.css")
        == Data("body { color: darkcyan; }\n".utf8))
  }
}
