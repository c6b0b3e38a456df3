import Foundation
import HeraldTestSupport
import Testing

/// A copy of the example site in a temporary folder, with a second temporary folder outside it that
/// links can point to.
private struct HostileSite {
  let site: TemporaryDirectory
  let outside: TemporaryDirectory

  init() throws {
    site = try TemporaryDirectory()
    outside = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    try outside.write("secret.md", "---\nid: secret\n---\nTOP SECRET\n")
  }

  func link(_ relative: String, to target: String) throws {
    let url = site.url.appending(path: relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
  }

  func build(_ extra: [String] = []) throws -> HeraldProcess.Result {
    try HeraldProcess.run(
      ["build", "--site", site.url.path, "--output", outside.path("public")] + extra
        + ["--now", "2026-11-30T12:00:00Z"], timeLimit: 30)
  }

  func check() throws -> HeraldProcess.Result {
    try HeraldProcess.run(
      ["check", "--site", site.url.path, "--now", "2026-11-30T12:00:00Z"], timeLimit: 30)
  }

  var publicExists: Bool { FileManager.default.fileExists(atPath: outside.path("public")) }
}

@Suite("Nothing outside the site is read, and no special file hangs a build")
struct HostileSiteTests {
  /// Each case links one path of the site to something outside it.
  static let outsideLinks: [(path: String, target: String, setup: String?)] = [
    ("themes/default/assets/env.txt", "/proc/self/environ", nil),
    ("themes/default/templates/partials/card.mustache", "/etc/passwd", nil),
    ("content/announcements/leak.md", "OUTSIDE/secret.md", nil),
    ("content/announcements", "OUTSIDE", "move"),
    ("herald.yaml", "/etc/hostname", "replace"),
  ]

  @Test("a link that leaves the site is an error naming the link and its target", arguments: 0..<5)
  func linkOutside(_ index: Int) throws {
    let (path, rawTarget, setup) = Self.outsideLinks[index]
    let hostile = try HostileSite()
    let target = rawTarget.replacingOccurrences(of: "OUTSIDE", with: hostile.outside.url.path)
    if setup != nil {
      try FileManager.default.removeItem(at: hostile.site.url.appending(path: path))
    }
    try hostile.link(path, to: target)
    for result in [try hostile.build(), try hostile.check()] {
      #expect(result.status == 1, "\(path): \(result.stderr)")
      #expect(
        result.stderr.contains("symbolic link to \(target), outside the site"), "\(result.stderr)")
      #expect(result.stderr.contains("[link-outside-site]"))
      #expect(!result.stderr.contains("TOP SECRET") && !result.stdout.contains("TOP SECRET"))
    }
    #expect(!hostile.publicExists, "a site with an error must write nothing")
  }

  @Test("links that stay inside the site are followed")
  func linkInside() throws {
    let hostile = try HostileSite()
    try hostile.site.write("shared/sync.md", "")
    try FileManager.default.moveItem(
      atPath: hostile.site.path("content/announcements/sync-fix-1-9.md"),
      toPath: hostile.site.path("shared/sync.md.real"))
    try hostile.link("content/announcements/sync-fix-1-9.md", to: "../../shared/sync.md.real")
    let result = try hostile.build(["--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: hostile.outside.path("public/announcements/sync-fix-1-9/index.html")))
  }

  @Test("a FIFO, a link loop and a dangling link are named, and nothing hangs")
  func specialFiles() throws {
    let hostile = try HostileSite()
    #expect(mkfifo(hostile.site.path("content/announcements/pipe.md"), 0o644) == 0)
    try hostile.link("content/announcements/loop.md", to: "loop.md")
    try hostile.link("content/announcements/dangling.json", to: "nowhere.json")
    try hostile.link("themes/default/assets/up", to: "..")
    for result in [try hostile.build(), try hostile.check()] {
      #expect(!result.timedOut)
      #expect(result.status == 1)
      #expect(result.stderr.contains("pipe.md:1:1: error: it is a FIFO (named pipe), not a file"))
      #expect(result.stderr.contains("loop.md:1:1: error: it is a symbolic link that loops back"))
      #expect(
        result.stderr.contains(
          "dangling.json:1:1: error: it is a symbolic link to nowhere.json, which does not exist"))
      #expect(result.stderr.contains("assets/up:1:1: error: it is a symbolic link that loops back"))
    }
  }

  @Test("a site without content/announcements is an error, with the near miss suggested")
  func missingAnnouncements() throws {
    let hostile = try HostileSite()
    try FileManager.default.moveItem(
      atPath: hostile.site.path("content/announcements"),
      toPath: hostile.site.path("content/Announcements"))
    let misspelled = try hostile.build()
    #expect(misspelled.status == 1)
    #expect(
      misspelled.stderr.contains(
        "content/announcements:1:1: error: the site has no content/announcements folder"))
    #expect(misspelled.stderr.contains("hint: did you mean content/Announcements?"))
    #expect(!hostile.publicExists)

    try FileManager.default.removeItem(atPath: hostile.site.path("content"))
    try hostile.site.write("content", "not a folder\n")
    let file = try hostile.check()
    #expect(file.status == 1)
    #expect(file.stderr.contains("hint: content is a file; make it a folder"))
  }

  @Test("--site naming a file says so")
  func siteIsAFile() throws {
    let result = try HeraldProcess.run(["check", "--site", "/etc/passwd"])
    #expect(result.status == 74)
    #expect(result.stderr.contains("error: the site /etc/passwd is a file, not a folder"))
  }

  @Test("check fails on the theme problems that build fails on, at their lines")
  func checkLoadsTheTheme() throws {
    let hostile = try HostileSite()
    let config = try String(contentsOfFile: hostile.site.path("herald.yaml"), encoding: .utf8)
    try hostile.site.write(
      "herald.yaml", config.replacingOccurrences(of: "language:", with: "theme: nosuch\nlanguage:"))
    let line =
      config.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.hasPrefix("language:") }.map { $0 + 1 } ?? 0
    for result in [try hostile.check(), try hostile.build()] {
      #expect(result.status == 1)
      #expect(
        result.stderr.contains(
          "herald.yaml:\(line):8: error: theme \"nosuch\" has no folder themes/nosuch"),
        "\(result.stderr)")
    }
    try hostile.site.write(
      "herald.yaml", config.replacingOccurrences(of: "language:", with: "theme: mine\nlanguage:"))
    try hostile.site.write("themes/mine/templates/404.mustache", "<p>\n{{title}\n")
    for result in [try hostile.check(), try hostile.build()] {
      #expect(result.status == 1)
      #expect(
        result.stderr.contains(
          "themes/mine/templates/404.mustache:2:1: error: the tag is never closed with }}"))
    }
  }
}
