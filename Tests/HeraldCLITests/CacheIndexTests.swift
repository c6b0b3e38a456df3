import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldCache

/// The build cache's index: written in one order however it was reached, so that a rebuild's
/// merge of its new entries into the old ones gives what sorting them all would.
@Suite("The build cache's index")
struct CacheIndexTests {
  private static func fingerprint(_ generator: inout SplitMix64) -> Fingerprint {
    Fingerprint(high: generator.next(), low: generator.next())
  }

  @Test("merging new entries into sorted old ones gives the sorted whole", arguments: 0..<20)
  func merge(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let all = (0..<Int.random(in: 0...200, using: &generator)).map { index in
      (
        fingerprint: Self.fingerprint(&generator),
        location: BuildCache.Location(offset: index, count: 1)
      )
    }
    let split = all.isEmpty ? 0 : Int.random(in: 0...all.count, using: &generator)
    let old = all[..<split].sorted { $0.fingerprint < $1.fingerprint }
    let new = all[split...].sorted { $0.fingerprint < $1.fingerprint }
    let merged = BuildCache.merged(Array(old), Array(new))
    let expected = all.sorted { $0.fingerprint < $1.fingerprint }
    #expect(merged.map(\.fingerprint) == expected.map(\.fingerprint))
    #expect(merged.map(\.location.offset) == expected.map(\.location.offset))
  }

  @Test("after an edit, the index lists its files by path and its entries by fingerprint")
  func orderAfterEdit() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let cache = ["HERALD_CACHE_DIR": work.path("cache")]
    let arguments = [
      "build", "--site", site.url.path, "--output", work.path("public"), "--now",
      "2026-11-30T12:00:00Z", "--quiet",
    ]
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let before = try Self.index(in: work.path("cache"))
    try IncrementalBuildTests.edit(
      site, IncrementalBuildTests.widgets, "title: Departures on your home screen",
      "title: Widgets")
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let index = try Self.index(in: work.path("cache"))
    // The rebuild appended to the same store: its order came from the merge.
    #expect(index.store == before.store)
    #expect(index.locations.count > before.locations.count)
    let paths = index.files.map(\.path)
    #expect(paths == paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    #expect(paths.count > 5)
    let fingerprints = index.locations.map(\.fingerprint)
    #expect(zip(fingerprints, fingerprints.dropFirst()).allSatisfy { $0 < $1 })
  }

  private static func index(in cacheRoot: String) throws -> BuildCache.Index {
    let folders = try FileManager.default.contentsOfDirectory(atPath: cacheRoot)
    let bytes = try Data(
      contentsOf: URL(fileURLWithPath: cacheRoot + "/" + (folders.first ?? "") + "/index"))
    let identity = try #require(
      bytes.withUnsafeBytes { raw -> String? in
        var reader = BinaryReader(raw)
        _ = try? reader.string()
        return try? reader.string()
      })
    return try bytes.withUnsafeBytes { raw in try BuildCache.readIndex(raw, identity: identity) }
  }

  /// A full disk made each build leave one more empty store file behind.
  @Test("a cache that cannot be written leaves no store behind, however many builds try")
  func fullDiskLeavesNothing() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let bash = try #require(HeraldProcess.onPath("bash"))
    for _ in 0..<3 {
      // Files may grow to 4 KB (writes past it fail with EFBIG, SIGXFSZ ignored): the store,
      // some 30 KB, cannot be written; check writes nothing else.
      let run = try HeraldProcess.run(
        [
          "-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" check --site \"$1\"",
          HeraldProcess.executable.path, site.url.path,
        ], environment: ["HERALD_CACHE_DIR": work.path("cache")], program: bash)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let folders = try FileManager.default.contentsOfDirectory(atPath: work.path("cache"))
    let names = try folders.flatMap {
      try FileManager.default.contentsOfDirectory(atPath: work.path("cache/" + $0))
    }
    #expect(names.filter { $0.hasPrefix("store-") }.isEmpty, "\(names)")
    #expect(!names.contains("index"))
  }
}
