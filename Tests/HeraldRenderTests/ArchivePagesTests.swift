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

  /// DESIGN §3 (issue 47, item 2): numbered pages hold full pages counted from the oldest record,
  /// and the front page the newest `archive.pageSize`.
  @Test(
    "numbered pages hold the full pages from the oldest; the front page the newest",
    arguments: [0, 1, 2, 3, 7, 15], [1, 2, 3, 50])
  func pagesFromTheOldest(count: Int, size: Int) throws {
    let renderer = try Self.renderer(count: count, size: size)
    let edition = try #require(renderer.editions.first)
    let archive = edition.selection.archive.map(\.id)
    #expect(edition.archivePageCount == count / size)
    let pages = (0...edition.archivePageCount).map { edition.archiveRecords(page: $0).map(\.id) }
    #expect(pages[0] == Array(archive.prefix(size)), "the front page: the newest")
    let numbered = pages.dropFirst()
    #expect(numbered.allSatisfy { $0.count == size }, "full pages only")
    // Oldest first across pages, newest first within each: every record of a full page once.
    #expect(
      numbered.flatMap { $0.reversed() } == Array(archive.reversed().prefix(numbered.count * size)))
    let paths = renderer.plan.map(\.path).filter { $0 == "index.html" || $0.hasPrefix("page/") }
    #expect(paths.count == 1 + numbered.count)
  }

  /// A new record changes the front page and at most one new numbered page, never the pages
  /// before it: their records, their links and their bytes stay (a CDN may keep them).
  @Test("a new record leaves every numbered page's bytes as they were", arguments: [2, 3, 5])
  func newRecordKeepsPages(size: Int) throws {
    for count in 1...(3 * size + 1) {
      let before = try Self.renderer(count: count, size: size)
      let after = try Self.renderer(count: count + 1, size: size)
      for page in 1...max(1, before.editions[0].archivePageCount)
      where before.editions[0].archivePageCount > 0 {
        let path = "page/\(page)/index.html"
        let old = try before.render(try #require(before.file(at: path)))
        let new = try after.render(try #require(after.file(at: path)))
        #expect(old == new, "\(path) changed when record \(count) was added (size \(size))")
      }
      let added =
        after.plan.filter { $0.path.hasPrefix("page/") }.count
        - before.plan.filter { $0.path.hasPrefix("page/") }.count
      #expect(added == ((count + 1) % size == 0 ? 1 : 0))
    }
  }

  @Test("a page links to the front page and the next older; only the front shows the walls")
  func links() throws {
    let renderer = try Self.renderer(count: 5, size: 2)
    func page(_ path: String) throws -> String {
      let file = try #require(renderer.file(at: path))
      return String(decoding: try renderer.render(file), as: UTF8.self)
    }
    // 5 records of 2 a page: page 1 holds r0 and r1, page 2 r2 and r3; the front r4 and r3.
    let front = try page("index.html")
    let newest = try page("page/2/index.html")
    let oldest = try page("page/1/index.html")
    #expect(!front.contains("rel=\"prev\""))
    #expect(front.contains("<link rel=\"next\" href=\"https://t.example/page/2/\">"))
    #expect(newest.contains("<link rel=\"prev\" href=\"https://t.example/\">"))
    #expect(newest.contains("<link rel=\"next\" href=\"https://t.example/page/1/\">"))
    #expect(newest.contains("<link rel=\"canonical\" href=\"https://t.example/page/2/\">"))
    #expect(newest.contains("Page 2") && !newest.contains("Page 2 of"))
    #expect(oldest.contains("<link rel=\"prev\" href=\"https://t.example/\">"))
    #expect(!oldest.contains("rel=\"next\""))
    #expect(
      front.contains("Record 4") && front.contains("Record 3") && !front.contains("Record 2<"))
    #expect(oldest.contains("Record 0") && oldest.contains("Record 1"))
    // With every record on the front page's page, the front links past the duplicate.
    let even = try Self.renderer(count: 4, size: 2)
    let evenFront = String(
      decoding: try even.render(try #require(even.file(at: "index.html"))), as: UTF8.self)
    #expect(evenFront.contains("<link rel=\"next\" href=\"https://t.example/page/1/\">"))
  }
}
