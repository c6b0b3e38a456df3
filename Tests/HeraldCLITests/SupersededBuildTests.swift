import Foundation
import HeraldBuild
import HeraldCache
import HeraldCore
import HeraldRender
import HeraldTestSupport
import Synchronization
import Testing

/// serve starts a rebuild at a save's first sign and keeps it only if the site then settles as the
/// rebuild found it: a rebuild given up must leave the output, the next build and the cache as if
/// it had never run.
@Suite("A build given up before its commit writes nothing")
struct SupersededBuildTests {
  static let now = Timestamp(seconds: 1_796_040_000)

  func build(
    _ site: TemporaryDirectory, into output: String, cache: MemoryBuildCache,
    beforeCommit: (@Sendable () -> Bool)? = nil
  ) -> SiteBuild.Outcome {
    var build = SiteBuild(
      siteDirectory: site.url.path, outputDirectory: output,
      options: BuildOptions(now: Self.now, includeDrafts: true), strict: false, force: false,
      reuse: cache)
    build.beforeCommit = beforeCommit
    return build.run()
  }

  @Test("asked once, after everything is staged; no leaves the output as it was")
  func givenUp() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = try TemporaryDirectory()
    let cache = MemoryBuildCache(identity: "test")
    guard case .built = build(site, into: output.url.path, cache: cache) else {
      Issue.record("the first build failed")
      return
    }
    let before = try FileTree.read(output.url)
    try IncrementalBuildTests.edit(
      site, IncrementalBuildTests.widgets, "title: Departures on your home screen",
      "title: Departures, at a glance")
    let asked = Atomic(0)
    let outcome = build(site, into: output.url.path, cache: cache) {
      asked.add(1, ordering: .relaxed)
      return false
    }
    guard case .superseded = outcome else {
      Issue.record("expected the build to be given up, got \(outcome)")
      return
    }
    #expect(asked.load(ordering: .relaxed) == 1)
    // Nothing moved in, and no staging folder or lock was left behind.
    #expect(try FileTree.read(output.url) == before)

    let kept = build(site, into: output.url.path, cache: cache) { true }
    guard case .built(let report) = kept else {
      Issue.record("expected the build to be kept, got \(kept)")
      return
    }
    #expect(report.files.written > 0)
    let page = try String(
      contentsOfFile: output.path("announcements/widgets-1-10/index.html"), encoding: .utf8)
    #expect(page.contains("Departures, at a glance"))
    // The kept build's output is what a build from nothing makes.
    let fresh = try TemporaryDirectory()
    guard
      case .built = build(site, into: fresh.url.path, cache: MemoryBuildCache(identity: "fresh"))
    else {
      Issue.record("the fresh build failed")
      return
    }
    #expect(
      try FileTree.read(output.url).withoutBookkeeping
        == FileTree.read(fresh.url).withoutBookkeeping)
  }

  @Test("a site with errors asks nothing: there is nothing to commit")
  func errorsAskNothing() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    try IncrementalBuildTests.edit(
      site, IncrementalBuildTests.widgets, "title: Departures on your home screen", "title: [")
    let output = try TemporaryDirectory()
    let asked = Atomic(0)
    let outcome = build(site, into: output.url.path, cache: MemoryBuildCache(identity: "test")) {
      asked.add(1, ordering: .relaxed)
      return true
    }
    guard case .contentErrors = outcome else {
      Issue.record("expected content errors, got \(outcome)")
      return
    }
    #expect(asked.load(ordering: .relaxed) == 0)
  }
}
