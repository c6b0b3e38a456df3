import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRender

/// What the public archive says, in words a reader does not misread (issue 46, item 21).
@Suite("The archive's words say what a record does")
struct ArchiveWordsTests {
  static func words(_ locale: String) throws -> ThemeWords {
    let config = SiteConfig(
      title: "T", baseURL: "https://t.example/", author: "A",
      platforms: [PlatformSettings(key: "android", releases: [])])
    let theme = try Theme.load(siteDirectory: Fixtures.packageRoot.path, config: config).get()
    return theme.strings.words(for: locale)
  }

  @Test("a wall's range with a minimum reads as a span, not 'and later below'")
  func wallRange() throws {
    let range = VersionRange(
      minimum: try Version(parsing: "2.3.0"), maximum: nil, below: try Version(parsing: "2.4.0"))
    #expect(try Self.words("en").headlineRange(range) == "2.3.0 up to 2.4.0 (not included)")
    #expect(try Self.words("de").headlineRange(range) == "2.3.0 bis 2.4.0 (ausgenommen)")
  }

  @Test("a wall's kind label says Update required, whatever its kind; other records keep theirs")
  func wallLabel() throws {
    let words = try Self.words("en")
    let wall = Announcement(
      id: "w", title: "W", severity: .critical, kind: .updateAvailable, blocking: true,
      publishAt: Timestamp(seconds: 0))
    let nudge = Announcement(
      id: "n", title: "N", severity: .important, kind: .updateAvailable,
      publishAt: Timestamp(seconds: 0))
    #expect(words.kindLabel(wall) == "Update required")
    #expect(words.kindLabel(nudge) == "Update available")
  }

  @Test("an expiry reads as the end of its time in the app, not of the feature")
  func expiry() throws {
    #expect(try Self.words("en")["ended"] == "In the app until")
    #expect(try Self.words("en")["until"] == "In the app until")
  }
}
