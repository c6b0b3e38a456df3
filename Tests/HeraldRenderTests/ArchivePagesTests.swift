import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRender

@Suite("The archive in pages: each record on exactly one page, newest first")
struct ArchivePagesTests {
  /// A site of `count` records, one a day, and an archive of pages of `size`.
  static func renderer(count: Int, size: Int) throws -> SiteRenderer {
    var config = SiteConfig(
      title: "T", baseURL: "https://t.example/", author: "A",
      platforms: [PlatformSettings(key: "ios", releases: [try Version(parsing: "1.0.0")])])
    config.archivePageSize = size
    let records = (0..<count).map { index in
      Announcement(
        id: "r\(index)", title: "Record \(index)", severity: .info, kind: .notice,
        publishAt: Timestamp(seconds: 1_780_000_000 + Int64(index) * 86_400))
    }
    let folder = try TemporaryDirectory()
    let theme = try Theme.load(siteDirectory: folder.url.path, config: config).get()
    return SiteRenderer(
      site: Site(config: config, announcements: records), theme: theme,
      options: BuildOptions(now: Timestamp(seconds: 1_900_000_000)))
  }

  @Test("pages partition the archive", arguments: [0, 1, 2, 3, 7, 15], [1, 2, 3, 50])
  func partition(count: Int, size: Int) throws {
    let renderer = try Self.renderer(count: count, size: size)
    let edition = try #require(renderer.editions.first)
    let pages = (1...edition.archivePageCount).map { edition.archiveRecords(page: $0).map(\.id) }
    #expect(pages.count == max(1, (count + size - 1) / size))
    #expect(
      pages.flatMap { $0 } == edition.selection.archive.map(\.id), "every record once, in order")
    #expect(pages.dropLast().allSatisfy { $0.count == size })
    let paths = renderer.plan.map(\.path).filter { $0 == "index.html" || $0.hasPrefix("page/") }
    #expect(paths.count == pages.count)
    #expect(!paths.contains("page/1/index.html"), "the first page is the archive itself")
  }

  @Test("a page links to its neighbours, and only the first shows the wall notices")
  func links() throws {
    let renderer = try Self.renderer(count: 5, size: 2)
    func page(_ path: String) throws -> String {
      let file = try #require(renderer.file(at: path))
      return String(decoding: try renderer.render(file), as: UTF8.self)
    }
    let first = try page("index.html")
    let middle = try page("page/2/index.html")
    let last = try page("page/3/index.html")
    #expect(!first.contains("rel=\"prev\"") && first.contains("href=\"https://t.example/page/2/\""))
    #expect(middle.contains("<link rel=\"prev\" href=\"https://t.example/\">"))
    #expect(middle.contains("<link rel=\"next\" href=\"https://t.example/page/3/\">"))
    #expect(middle.contains("<link rel=\"canonical\" href=\"https://t.example/page/2/\">"))
    #expect(!last.contains("rel=\"next\""))
    #expect(last.contains("Page 3 of 3"))
  }
}
