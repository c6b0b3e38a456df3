import Foundation
import HeraldContent
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRender

/// An encoder error in a row or a document is an error, never `null` in what apps read.
///
/// Issue 46, item 7 found `try? … ?? .null` in both places. Now `check` reports it at the record,
/// and a build stops.
@Suite("A document herald cannot write is an error, never a null that apps read")
struct DocumentErrorTests {
  /// The example site and a live record whose rollout step lies past the year 9999, which the
  /// decoder refuses (so only a record made in code has one): its row cannot be encoded.
  static func site() throws -> Site {
    let loaded = try SiteLoader(siteDirectory: Fixtures.packageRoot.path).load()
    let example = try #require(loaded.site(), "\(loaded.diagnostics)")
    let broken = Announcement(
      id: "far-off", title: "Far off", severity: .info, kind: .notice,
      publishAt: try #require(Timestamp("2026-11-01")),
      rollout: RolloutPlan(salt: nil, steps: [.init(after: 999_999 * 604_800, share: 10000)]),
      source: RecordSource(file: "content/announcements/far-off.md"))
    return Site(config: example.config, announcements: example.announcements + [broken])
  }

  static let options = BuildOptions(now: Timestamp(seconds: 1_796_040_000))

  @Test("the documents an app reads are not made, and the error names the record")
  func documentsThrow() throws {
    let manifests = ChannelManifests(site: try Self.site(), options: Self.options)
    #expect(throws: DocumentError.self) { try manifests.documents() }
    do {
      _ = try manifests.live(platform: "ios")
      Issue.record("live.json was made")
    } catch {
      #expect(error.description.contains("the row of far-off for"), "\(error)")
      #expect(error.file == "content/announcements/far-off.md")
    }
  }

  @Test("check's size rules report it at the record's file")
  func checkReportsIt() throws {
    let manifests = ChannelManifests(site: try Self.site(), options: Self.options)
    let diagnostics = ChannelBudget.diagnostics([manifests])
    #expect(diagnostics.map(\.code) == [.documentUnwritable], "\(diagnostics)")
    #expect(diagnostics.first?.file == "content/announcements/far-off.md")
    #expect(diagnostics.first?.severity == .error)
  }

  @Test("rendering a manifest that holds the row fails, and nothing is written as null")
  func renderThrows() throws {
    let site = try Self.site()
    let theme = try Theme.load(siteDirectory: Fixtures.packageRoot.path, config: site.config).get()
    let renderer = SiteRenderer(site: site, theme: theme, options: Self.options)
    let live = try #require(renderer.plan.first { $0.path == "api/v1/ios/live.json" })
    #expect(throws: DocumentError.self) { try renderer.render(live) }
  }
}
