import Foundation
import HeraldCache
import HeraldContent
import HeraldTestSupport
import Testing

/// serve's cache: a save decodes none of the records it did not change (they are kept whole, not
/// as bytes to decode again), and what it gives is what reading the site afresh gives.
@Suite("serve's cache in memory")
struct MemoryBuildCacheTests {
  @Test("records are kept whole; after an edit, a load equals a fresh one")
  func recordsKeptWhole() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let cache = MemoryBuildCache(identity: "test")
    let first = try SiteLoader(siteDirectory: site.url.path, cache: cache).load()
    cache.save(files: first.files, live: nil)
    #expect(cache.held.values == first.files.count && cache.held.entries == 0)
    try IncrementalBuildTests.edit(
      site, IncrementalBuildTests.widgets, "title: Departures on your home screen",
      "title: Departures, at a glance")
    let second = try SiteLoader(siteDirectory: site.url.path, cache: cache).load()
    let fresh = try SiteLoader(siteDirectory: site.url.path, cache: nil).load()
    func shown(_ loaded: LoadedSite) -> [String] {
      loaded.records.map { "\($0.file) \($0.announcement?.title ?? "-") \($0.diagnostics)" }
    }
    #expect(shown(second) == shown(fresh))
    #expect(shown(second).contains { $0.contains("Departures, at a glance") })
    #expect(cache.held.values == first.files.count + 1 && cache.held.entries == 0)
  }
}
