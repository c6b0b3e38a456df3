import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("herald init: a working site to start from")
struct InitCommandTests {
  @Test("init writes a site that checks and builds, and refuses to run twice")
  func initWritesASite() throws {
    let parent = try TemporaryDirectory()
    let folder = parent.path("pebble")
    let created = try HeraldProcess.run(
      ["init", folder, "--title", "Pebble: notes & \"more\"", "--platforms", "ios,web"],
      environment: ["SOURCE_DATE_EPOCH": "1796040000"])
    #expect(created.status == 0, "\(created.stderr)")
    for file in [
      "herald.yaml", "content/announcements/welcome.md", ".gitignore",
      ".github/workflows/herald.yml",
    ] {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)")
      #expect(created.stdout.contains(file), "the summary lists \(file)")
    }
    var config = try String(contentsOfFile: folder + "/herald.yaml", encoding: .utf8)
    #expect(config.contains("title: \"Pebble: notes & \\\"more\\\"\""))
    #expect(config.contains("  web:\n"))
    let welcome = try String(
      contentsOfFile: folder + "/content/announcements/welcome.md", encoding: .utf8)
    #expect(welcome.contains("publishAt: 2026-11-30"))
    // Issue 46, item 20: init's placeholders (an example.com baseURL, the welcome's words) drew
    // no warning and reached users. They warn now (so --strict, the pull request's check, stops
    // them), and the releases are left for the team to list rather than made up.
    #expect(
      config.contains("    releases: []   # the versions") && !config.contains("releases: [1"))
    let fresh = try HeraldProcess.run(["check", "--site", folder])
    #expect(fresh.status == 0, "\(fresh.stderr)")
    #expect(fresh.stdout.contains("0 errors, 2 warnings in 1 announcement"))
    #expect(fresh.stderr.contains("warning: baseURL https://example.com/whats-new/ is on a domain"))
    #expect(fresh.stderr.contains("welcome.md:1:1: warning: the body is still the placeholder"))
    #expect(try HeraldProcess.run(["check", "--site", folder, "--strict"]).status == 1)
    try Self.fillIn(folder)
    config = try String(contentsOfFile: folder + "/herald.yaml", encoding: .utf8)
    let check = try HeraldProcess.run(["check", "--site", folder, "--strict"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("0 errors, 0 warnings in 1 announcement"))
    let build = try HeraldProcess.run(["build", "--site", folder, "--quiet"])
    #expect(build.status == 0, "\(build.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/public/index.html"))
    let ignore = try String(contentsOfFile: folder + "/.gitignore", encoding: .utf8)
    #expect(ignore.contains("/public/"))
    let workflow = try String(
      contentsOfFile: folder + "/.github/workflows/herald.yml", encoding: .utf8)
    #expect(workflow.contains("herald check --strict --format github"))
    #expect(workflow.contains("uses: herald-dev/herald@v\(HeraldVersion.current)\n"))
    #expect(workflow.contains("version: \"\(HeraldVersion.current)\"\n"))
    #expect(!workflow.contains("<%"), "no template tag is left")

    let again = try HeraldProcess.run(["init", folder])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already holds a site (herald.yaml exists)"))
    #expect(try String(contentsOfFile: folder + "/herald.yaml", encoding: .utf8) == config)
  }

  /// Replaces what `herald init` leaves for a team to fill in: the address and the welcome's
  /// words.
  static func fillIn(_ folder: String) throws {
    let configPath = folder + "/herald.yaml"
    try String(contentsOfFile: configPath, encoding: .utf8)
      .replacingOccurrences(
        of: "https://example.com/whats-new/", with: "https://pebble.test/whats-new/"
      )
      .write(toFile: configPath, atomically: true, encoding: .utf8)
    let welcomePath = folder + "/content/announcements/welcome.md"
    let welcome = try String(contentsOfFile: welcomePath, encoding: .utf8)
    let front = welcome.components(separatedBy: "\n---\n")[0]
    try (front + "\n---\nPebble now tells you what changed, right in the app.\n")
      .write(toFile: welcomePath, atomically: true, encoding: .utf8)
  }

  /// Issue 46, item 20: `herald new`'s placeholder title and body passed `check --strict` once
  /// `draft: true` was removed, and reached users.
  @Test("a record whose title or body is still herald new's placeholder warns, unless a draft")
  func newPlaceholders() throws {
    let parent = try TemporaryDirectory()
    let folder = parent.path("site")
    #expect(try HeraldProcess.run(["init", folder, "--title", "Pebble"]).status == 0)
    try Self.fillIn(folder)
    #expect(try HeraldProcess.run(["new", "dark-mode", "--site", folder]).status == 0)
    let draft = try HeraldProcess.run(["check", "--site", folder, "--strict"])
    #expect(draft.status == 0, "a draft reaches no one: \(draft.stderr)")
    let path = folder + "/content/announcements/dark-mode.md"
    try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "draft: true\n", with: "")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let ready = try HeraldProcess.run(["check", "--site", folder, "--strict"])
    #expect(ready.status == 1)
    #expect(ready.stderr.contains("dark-mode.md:4:8: error: the title is still herald new's"))
    #expect(ready.stderr.contains("dark-mode.md:1:1: error: the body is still the placeholder"))
  }

  @Test("init in the current folder titles the channel, and bad platforms are a usage error")
  func initHere() throws {
    let folder = try TemporaryDirectory()
    let created = try HeraldProcess.run(["init"], in: folder.url)
    #expect(created.status == 0, "\(created.stderr)")
    #expect(created.stdout.contains("next: herald serve "))
    #expect(try HeraldProcess.run(["check"], in: folder.url).status == 0)
    let bad = try HeraldProcess.run(["init", folder.path("x"), "--platforms", "iOS"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--platforms iOS is not a list of platform keys"))
  }

  @Test("new refuses a folder that is not a site and points at init")
  func newNeedsASite() throws {
    let folder = try TemporaryDirectory()
    let result = try HeraldProcess.run(["new", "hello", "--site", folder.url.path])
    #expect(result.status == 74)
    #expect(result.stderr.contains("is not a herald site: it has no herald.yaml"))
    #expect(result.stderr.contains("hint: start one with herald init"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("content")))
  }
}
