import Foundation
import HeraldContent
import HeraldCore
import HeraldTestSupport
import Testing

/// Every folder under Tests/Fixtures/invalid is a site with problems; `expected.txt` holds exactly
/// what `herald check` prints for it (the diagnostics, then the count line).
@Suite("Invalid fixture sites report exactly their expected diagnostics")
struct InvalidFixtureTests {
  static let cases = Fixtures.cases("invalid")

  @Test("there is at least one case per rule and warning")
  func coverage() {
    #expect(Self.cases.count >= 30)
  }

  @Test("expected diagnostics", arguments: cases)
  func fixture(_ name: String) throws {
    let folder = Fixtures.root.appending(path: "invalid/\(name)")
    let loaded = try SiteLoader(siteDirectory: folder.path).load()
    var output = loaded.diagnostics.map { $0.description + "\n" }.joined()
    output +=
      DiagnosticSummary(loaded.diagnostics, announcements: loaded.announcementCount)
      .description + "\n"
    let expected = try Fixtures.golden(output, at: folder.appending(path: "expected.txt"))
    #expect(output == expected)
    #expect(!loaded.diagnostics.isEmpty, "a fixture with no problem proves nothing")
  }
}

@Suite("The example site in the repository")
struct ExampleSiteTests {
  @Test("has no problems and covers every severity and kind")
  func exampleIsClean() throws {
    let loaded = try SiteLoader(siteDirectory: Fixtures.packageRoot.path).load()
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let site = try #require(loaded.site())
    #expect(site.announcements.count >= 8)
    #expect(Set(site.announcements.map(\.severity)) == Set(Severity.allCases))
    #expect(Set(site.announcements.map(\.kind)) == Set(Kind.allCases))
    #expect(site.announcements.contains { $0.blocking && $0.action == .store })
    #expect(site.announcements.contains { if case .deepLink = $0.action { true } else { false } })
    #expect(site.announcements.contains { !$0.active })
    #expect(site.announcements.contains { $0.draft })
  }
}
