import Foundation
import HeraldTestSupport
import Testing

/// The example site built with a cache of its own, for tests that damage the cache: the site, the
/// build's arguments, and a clean build to compare with.
struct CachedExample {
  let site: TemporaryDirectory
  let work: TemporaryDirectory
  /// The environment that points the build at the cache.
  let cache: [String: String]
  let output: String
  let now = ["--now", "2026-11-30T12:00:00Z", "--quiet"]
  /// `herald build` of the site into the output.
  var arguments: [String] { ["build", "--site", site.url.path, "--output", output] + now }

  init() throws {
    site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    work = try TemporaryDirectory()
    cache = ["HERALD_CACHE_DIR": work.path("cache")]
    output = work.path("public")
  }

  /// Builds the site as it is now with the cache; whether it succeeded, and what it said.
  func build() throws -> HeraldProcess.Result {
    try HeraldProcess.run(arguments, environment: cache)
  }

  /// The site as it is now, built without the cache, herald's bookkeeping aside.
  func clean() throws -> FileTree {
    let reference = work.path("reference")
    try? FileManager.default.removeItem(atPath: reference)
    let built = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", reference, "--no-cache"] + now)
    #expect(built.status == 0, "\(built.stderr)")
    return try FileTree.read(URL(fileURLWithPath: reference)).withoutBookkeeping
  }

  /// The output as it is, herald's bookkeeping aside.
  func built() throws -> FileTree {
    try FileTree.read(URL(fileURLWithPath: output)).withoutBookkeeping
  }

  /// The cache's database file.
  func database() throws -> URL {
    let root = work.path("cache")
    let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: root).first)
    return URL(fileURLWithPath: root + "/" + folder + "/cache.sqlite")
  }
}
