import Foundation
import HeraldContent
import HeraldCore
import HeraldRender
import HeraldTestSupport
import Testing

/// A fixture site rendered in memory with the library API.
struct RenderedSite {
  let renderer: SiteRenderer

  init(folder: URL, now: String = "2026-11-30T12:00:00Z", drafts: Bool = false) throws {
    let loaded = try SiteLoader(siteDirectory: folder.path).load()
    let site = try #require(loaded.site(), "\(loaded.diagnostics)")
    let theme = try Theme.load(siteDirectory: folder.path, config: site.config).get()
    renderer = SiteRenderer(
      site: site, theme: theme,
      options: BuildOptions(now: try #require(Timestamp(now)), includeDrafts: drafts))
  }

  /// The bytes of one output file.
  func file(_ path: String) throws -> [UInt8] {
    let planned = try #require(renderer.plan.first { $0.path == path }, "no \(path) in the plan")
    return try renderer.render(planned)
  }

  /// One output file as text.
  func text(_ path: String) throws -> String { String(decoding: try file(path), as: UTF8.self) }

  /// One output file as a JSON object.
  func json(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(try file(path))) as? [String: Any])
  }

  /// The sites whose feeds and pages the tests check: the example and every fixture site.
  static let folders: [URL] =
    [Fixtures.packageRoot]
    + Fixtures.cases("sites").map { Fixtures.root.appending(path: "sites/\($0)") }
}
