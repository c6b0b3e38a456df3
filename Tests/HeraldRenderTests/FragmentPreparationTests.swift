import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldTestSupport
import Testing

@testable import HeraldRender

/// A cache in memory that counts how often each fragment is kept.
private final class CountingCache: RecordCache, FragmentCache, @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [Fingerprint: [UInt8]] = [:]
  private(set) var keeps: [Fingerprint: Int] = [:]

  func hasher() -> SipHasher { SipHasher(key: Fingerprint(high: 7, low: 11)) }
  func fingerprints(files: [String], signatures: [FileSignature?]) -> [Fingerprint?] {
    Array(repeating: nil, count: files.count)
  }
  func withEntry<Value>(_ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value)
    -> Value?
  {
    lock.withLock { entries[fingerprint] }?.withUnsafeBytes(body)
  }
  func keep(_ bytes: [UInt8], for fingerprint: Fingerprint) {
    lock.withLock {
      entries[fingerprint] = bytes
      keeps[fingerprint, default: 0] += 1
    }
  }
  var counts: [Fingerprint: Int] { lock.withLock { keeps } }
}

@Suite("A build makes each fragment once")
struct FragmentPreparationTests {
  /// A site's renderer (the example's by default), keeping its fragments in a cache that counts
  /// them.
  private static func cachedRenderer(folder: URL = Fixtures.packageRoot) throws -> (
    Site, SiteRenderer, CountingCache
  ) {
    let cache = CountingCache()
    let loaded = try SiteLoader(siteDirectory: folder.path, cache: cache).load()
    let site = try #require(loaded.site(), "\(loaded.diagnostics)")
    let theme = try Theme.load(siteDirectory: folder.path, config: site.config).get()
    let renderer = SiteRenderer(
      site: site, theme: theme,
      options: BuildOptions(now: try #require(Timestamp("2026-11-30T12:00:00Z"))),
      caching: RenderCaching(
        cache: cache, configuration: try #require(loaded.configuration), identity: "test"))
    return (site, renderer, cache)
  }

  @Test("a record's row, wanted by several manifests, is made and kept once")
  func eachCardOnce() throws {
    let (site, renderer, cache) = try Self.cachedRenderer()
    let before = cache.counts
    try renderer.prepare(renderer.plan.map(\.path))
    let fragments = cache.counts.filter { before[$0.key] == nil }
    #expect(fragments.count >= site.announcements.count / 2, "rows were kept")
    #expect(fragments.values.allSatisfy { $0 == 1 }, "\(fragments.values.sorted())")
  }

  @Test("a wave's preparation lets go of what the wave before needed")
  func wavesLetGo() throws {
    let folder = Fixtures.packageRoot
    let loaded = try SiteLoader(siteDirectory: folder.path).load()
    let site = try #require(loaded.site(), "\(loaded.diagnostics)")
    let theme = try Theme.load(siteDirectory: folder.path, config: site.config).get()
    let renderer = SiteRenderer(
      site: site, theme: theme,
      options: BuildOptions(now: try #require(Timestamp("2026-11-30T12:00:00Z"))))
    let waves = renderer.waves(renderer.plan.map(\.path))
    let fragments = try #require(renderer.editions.first?.fragments)
    try #require(waves.count == 3)
    #expect(waves[0].allSatisfy { $0.hasPrefix("api/") })
    #expect(waves[1].contains { $0.hasPrefix("announcements/") })
    #expect(waves[1].first == "feed.xml" && waves[2] == ["index.html"])
    try renderer.prepare(waves[0])
    #expect(fragments.held.rows > 0 && fragments.held.cards == 0)
    // The pages' cards are made as the pages render, with the bodies the rows left for them.
    try renderer.prepare(waves[1])
    #expect(fragments.held.rows == 0 && fragments.held.cards == 0 && fragments.held.bodies > 0)
    for file in renderer.plan where waves[1].contains(file.path) {
      _ = try renderer.render(file)
    }
    let pages = waves[1].count { $0.hasPrefix("announcements/") }
    #expect(fragments.held.cards == pages && fragments.held.bodies == 0)
    try renderer.prepare(waves[2])
    #expect(fragments.held.rows == 0 && fragments.held.cards == pages)
  }

  @Test(
    "preparing the manifests' wave makes every row they show, each once",
    arguments: RenderedSite.folders)
  func manifestsWaveMakesEveryRow(folder: URL) throws {
    let (_, renderer, cache) = try Self.cachedRenderer(folder: folder)
    let waves = renderer.waves(renderer.plan.map(\.path))
    let manifests = try #require(waves.first)
    #expect(manifests.contains { $0.hasSuffix("/live.json") })
    try renderer.prepare(manifests)
    let prepared = cache.counts
    #expect(!prepared.isEmpty)
    #expect(prepared.values.allSatisfy { $0 == 1 }, "\(prepared.values.sorted())")
    for path in manifests {
      _ = try renderer.render(try #require(renderer.file(at: path)))
    }
    #expect(cache.counts == prepared, "rendering the manifests made rows their wave did not")
  }

  @Test("preparing the archive's wave makes every card it shows, whatever cards are held")
  func archiveWaveMakesEveryCard() throws {
    for pagesFirst in [0, 1, 2] {
      let (_, renderer, _) = try Self.cachedRenderer()
      let edition = try #require(renderer.editions.first)
      let fragments = edition.fragments
      let waves = renderer.waves(renderer.plan.map(\.path))
      let pages = waves[1].filter { $0.hasPrefix("announcements/") }
      // As an edit does: the pages of a record or two render before the archive, or none.
      try renderer.prepare(Array(pages.prefix(pagesFirst)))
      for path in pages.prefix(pagesFirst) {
        _ = try renderer.render(try #require(renderer.file(at: path)))
      }
      #expect(fragments.held.cards == pagesFirst)
      try renderer.prepare(waves[2])
      #expect(fragments.held.cards == edition.selection.archive.count, "\(pagesFirst) pages first")
      #expect(edition.selection.archive.count == pages.count)
    }
  }

  @Test(
    "a preparation keeps exactly the cards its files want, however few or many go",
    arguments: [0, 24])
  func keepsWhatIsWanted(extraRecords: Int) throws {
    // The example's 8 pages are checked one by one; 32 go through a set of their ids.
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    for number in 0..<extraRecords {
      try site.write(
        "content/announcements/extra-\(number).md",
        bytes: Array(
          "---\nid: extra-\(number)\ntitle: Extra \(number)\nseverity: INFO\nkind: NOTICE\n"
            .utf8) + Array("publishAt: 2026-01-01\n---\nBody \(number).\n".utf8))
    }
    let (_, renderer, _) = try Self.cachedRenderer(folder: site.url)
    let fragments = try #require(renderer.editions.first?.fragments)
    let pages = renderer.plan.map(\.path).filter { $0.hasPrefix("announcements/") }
    #expect(pages.count == 8 + extraRecords)
    try renderer.prepare(pages)
    for path in pages { _ = try renderer.render(try #require(renderer.file(at: path))) }
    #expect(fragments.held.cards == pages.count)
    try renderer.prepare(Array(pages.dropFirst()))  // one goes: taken out in place
    #expect(fragments.held.cards == pages.count - 1)
    try renderer.prepare(Array(pages.suffix(1)))  // most go: the rest copied out
    #expect(fragments.held.cards == 1)
    try renderer.prepare(Array(pages.suffix(1)))  // none goes
    #expect(fragments.held.cards == 1)
    try renderer.prepare([])  // all go
    #expect(fragments.held.cards == 0 && fragments.held.bodies == 0)
  }

  @Test("each wave begins with its large files")
  func largeFilesFirst() throws {
    let (_, renderer, _) = try Self.cachedRenderer()
    let waves = renderer.waves(renderer.plan.map(\.path))
    #expect(waves.count == 3)
    // live.json sorts after the releases' manifests, but renders before them.
    #expect(waves[0].prefix(2) == ["api/v1/android/live.json", "api/v1/ios/live.json"])
    // The feed renders beside the pages; the archive renders alone.
    #expect(waves[1].first == "feed.xml")
    #expect(waves[2] == ["index.html"])
  }

  @Test(
    "rendered in waves or all at once, every file has the same bytes",
    arguments: RenderedSite.folders)
  func wavesDoNotChangeBytes(folder: URL) throws {
    func rendered(_ waves: (SiteRenderer) -> [[String]]) throws -> [String: [UInt8]] {
      let renderer = try RenderedSite(folder: folder).renderer
      var files: [String: [UInt8]] = [:]
      for wave in waves(renderer) {
        try renderer.prepare(wave)
        for path in wave {
          files[path] = try renderer.render(try #require(renderer.file(at: path)))
        }
      }
      return files
    }
    let inWaves = try rendered { $0.waves($0.plan.map(\.path)) }
    let atOnce = try rendered { [$0.plan.map(\.path)] }
    #expect(inWaves.count > 5)
    #expect(inWaves == atOnce)
  }

  @Test("rendered wave by wave, as a build renders, each row is made once")
  func eachFragmentOnceInWaves() throws {
    let (site, renderer, cache) = try Self.cachedRenderer()
    let before = cache.counts
    for wave in renderer.waves(renderer.plan.map(\.path)) {
      try renderer.prepare(wave)
      for file in renderer.plan where wave.contains(file.path) {
        _ = try renderer.render(file)
      }
    }
    let fragments = cache.counts.filter { before[$0.key] == nil }
    #expect(fragments.count >= site.announcements.count / 2, "rows were kept")
    #expect(fragments.values.allSatisfy { $0 == 1 }, "\(fragments.values.sorted())")
  }

  @Test(
    "a card keeps its details and body as parts of itself when it holds them, else apart",
    arguments: [
      ("holds both", "<a>é <d><p>bödy</p></d> z</a>", "<d><p>bödy</p></d>", "<p>bödy</p>", true),
      ("details rewritten", "<a>&lt;d&gt;</a>", "<d>x</d>", "x", false),
      ("no body given", "<a><d>x</d></a>", "<d>x</d>", nil, true),
      ("empty details", "<a></a>", "", "", false),
      ("body at the very end", "<a>x <p>b</p>", "x", "<p>b</p>", true),
      ("body is the whole card", "<p>b</p>", "<p>b</p>", "<p>b</p>", true),
      ("near misses before the body", "<p>a</p><p>b<p>b</p>", "<p>", "<p>b</p>", true),
      ("body longer than the card", "<p>", "<p>", "<p>b</p>", false),
    ] as [(String, String, String, String?, Bool)])
  func cardParts(name: String, card: String, details: String, body: String?, holdsBody: Bool) {
    let kept = FragmentStore.Card(detailsHTML: details, cardHTML: card, bodyHTML: body)
    #expect(kept.cardHTML == card, "\(name)")
    #expect(kept.detailsHTML == details, "\(name)")
    #expect(kept.bodyHTML == (holdsBody ? body : nil), "\(name)")
  }

  @Test(
    "the plan is in byte order of its paths, with one edition or several",
    arguments: ["example", "locales"])
  func planOrder(site: String) throws {
    let folder =
      site == "example" ? Fixtures.packageRoot : Fixtures.root.appending(path: "sites/" + site)
    let paths = try RenderedSite(folder: folder).renderer.plan.map(\.path)
    #expect(paths.count > 1)
    #expect(paths == paths.sorted { $0.precedesBytewise($1) })
  }

}
