import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether this process may mount a tmpfs (root in a sandbox that allows it), for the mount-point
/// test; decided once by trying.
private let canMount: Bool = {
  guard getuid() == 0, let folder = try? TemporaryDirectory() else { return false }
  guard mount("none", folder.url.path, "tmpfs", 0, nil) == 0 else { return false }
  umount(folder.url.path)
  return true
}()

private let now = ["--now", "2026-11-30T12:00:00Z"]

@Suite("The output: never the sources, never mixed, never emptied by accident")
struct OutputSafetyTests {
  @Test(
    "the output may not be the site, contain it, or sit in content/ or themes/, even with --force",
    arguments: ["content", "content/announcements", "themes", "themes/default/new", ".", ".."])
  func neverTheSources(_ output: String) throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    try site.write("themes/default/assets/extra.css", "p {}\n")
    let before = try FileTree.read(site.url)
    let result = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", site.path(output), "--force"] + now)
    #expect(result.status == 74, "\(output): \(result.stderr)")
    #expect(
      result.stderr.contains("would replace the site itself")
        || result.stderr.contains("is inside the site's"))
    #expect(try FileTree.read(site.url).differences(from: before) == nil)
  }

  /// `HERALD_CACHE_DIR=public/.cache` put a parsed draft into the published folder, and
  /// `HERALD_CACHE_DIR=content` wrote into the site: both are refused, before anything is written.
  @Test(
    "a cache inside the output or the site is refused with exit 74",
    arguments: ["public/.cache", "content", ".", "public"])
  func cacheNeverInOutputOrSite(_ place: String) throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let before = try FileTree.read(site.url)
    let environment = ["HERALD_CACHE_DIR": site.path(place)]
    let build = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--now", "2026-11-30T12:00:00Z"], environment: environment)
    #expect(build.status == 74)
    #expect(build.stderr.contains("error: the build cache $HERALD_CACHE_DIR"), "\(build.stderr)")
    #expect(build.stderr.contains("hint: set HERALD_CACHE_DIR to a folder outside the site"))
    let check = try HeraldProcess.run(
      ["check", "--site", site.url.path], environment: environment)
    #expect(check.status == 74)
    #expect(try FileTree.read(site.url).differences(from: before) == nil, "nothing was written")
    let uncached = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--no-cache", "--quiet", "--now", "2026-11-30T12:00:00Z"],
      environment: environment)
    #expect(uncached.status == 0, "--no-cache reads no cache: \(uncached.stderr)")
  }

  @Test("a link cannot smuggle the output into the sources")
  func linkedOutput() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let elsewhere = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: elsewhere.path("out"), withDestinationPath: site.path("content/announcements"))
    let result = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", elsewhere.path("out"), "--force"] + now)
    #expect(result.status == 74)
    #expect(result.stderr.contains("is inside the site's content/ folder"))
    #expect(
      FileManager.default.fileExists(atPath: site.path("content/announcements/sunset-1-8.md")))
  }

  @Test("four builds at once into one output take turns and leave one complete tree")
  func concurrentBuilds() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = try TemporaryDirectory()
    let target = output.path("public")
    let results = (0..<4).map { _ in site }.concurrentRuns { site in
      try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", target, "--quiet"] + now)
    }
    for result in results { #expect(result.status == 0, "\(result.stderr)") }
    let reference = try TemporaryDirectory()
    #expect(
      try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", reference.path("one"), "--quiet"] + now
      ).status == 0)
    var tree = try FileTree.read(URL(fileURLWithPath: target))
    var single = try FileTree.read(reference.url.appending(path: "one"))
    tree = tree.withoutBookkeeping
    single = single.withoutBookkeeping
    #expect(tree.differences(from: single) == nil)
    #expect(!FileManager.default.fileExists(atPath: target + "/.herald-staging"))
    #expect(!FileManager.default.fileExists(atPath: target + "/.herald-journal"))
    let again = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", target] + now)
    #expect(again.stdout.contains("0 files written"), "\(again.stdout)")
  }

  @Test("a build that would remove every announcement is refused unless --allow-empty")
  func neverEmptiedByAccident() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + now).status == 0)
    let built = try FileTree.read(output)
    for file in try FileManager.default.contentsOfDirectory(
      atPath: site.path("content/announcements"))
    {
      try FileManager.default.removeItem(atPath: site.path("content/announcements/" + file))
    }
    let refused = try HeraldProcess.run(["build", "--site", site.url.path] + now)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("would remove all 8 announcements that"))
    #expect(refused.stderr.contains("--allow-empty"))
    #expect(try FileTree.read(output).differences(from: built) == nil)
    let allowed = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--allow-empty", "--quiet"] + now)
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output.path + "/announcements"))
  }

  @Test("the output folder itself is never replaced, so a rebuild keeps its inode")
  func outputFolderStays() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.path("public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + now).status == 0)
    let inode = try FileManager.default.attributesOfItem(atPath: output)[.systemFileNumber] as? Int
    let record = site.path("content/announcements/widgets-1-10.md")
    let text = try String(contentsOfFile: record, encoding: .utf8)
    try site.write(
      "content/announcements/widgets-1-10.md",
      text.replacingOccurrences(of: "title: ", with: "title: New "))
    let rebuild = try HeraldProcess.run(["build", "--site", site.url.path] + now)
    #expect(rebuild.status == 0)
    #expect(!rebuild.stdout.contains(" 0 files written"))
    #expect(
      try FileManager.default.attributesOfItem(atPath: output)[.systemFileNumber] as? Int == inode)
  }

  @Test(
    "an output folder that is a mount point builds and rebuilds",
    .enabled(if: canMount, "not root, or mounts are not allowed here: skipping the mount test"))
  func mountPoint() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = try TemporaryDirectory()
    let mounted = output.path("volume")
    try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
    #expect(mount("none", mounted, "tmpfs", 0, nil) == 0)
    defer { umount(mounted) }
    let first = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", mounted, "--quiet"] + now)
    #expect(first.status == 0, "\(first.stderr)")
    try FileManager.default.removeItem(atPath: site.path("content/announcements/widgets-1-10.md"))
    let second = try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", mounted] + now)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(!FileManager.default.fileExists(atPath: mounted + "/announcements/widgets-1-10"))
  }
}

extension Array {
  /// Runs a body for every element, each on its own thread, all at once (not limited to the
  /// number of cores), and returns the results in order; a body that throws gives no result.
  fileprivate func concurrentRuns<Value: Sendable>(
    _ body: @escaping @Sendable (Element) throws -> Value
  ) -> [Value] where Element: Sendable {
    let slots = ResultSlots<Value>(count: count)
    let group = DispatchGroup()
    for (index, element) in enumerated() {
      group.enter()
      Thread.detachNewThread {
        slots.set(index, Result { try body(element) })
        group.leave()
      }
    }
    group.wait()
    return slots.values.compactMap { try? $0?.get() }
  }
}

private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var values: [Result<Value, any Error>?]
  init(count: Int) { values = Array(repeating: nil, count: count) }
  func set(_ index: Int, _ result: Result<Value, any Error>) {
    lock.withLock { values[index] = result }
  }
}
