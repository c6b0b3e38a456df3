import Foundation
import HeraldTestSupport
import Testing

@Suite("herald check, run as a binary")
struct CheckCommandTests {
  @Test("the example site passes, with a count line and what is live")
  func exampleSite() throws {
    let result = try HeraldProcess.run(["check", "--now", "2026-11-30T12:00:00Z"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        0 errors, 0 warnings in 11 announcements
        live 7, scheduled 1, expired 1, inactive 1, drafts 1, next change 2026-12-13T10:00:00Z

        """)
  }

  /// Issue 46, item 16: each release was compared with every one before it (twice in the
  /// decoder, once more in the settings), so 6,000 took a minute and more.
  @Test("a herald.yaml with 6,000 releases is checked and diffed in seconds, a twin still found")
  func thousandsOfReleases() throws {
    let site = try TemporaryDirectory()
    func configure(_ releases: [String]) throws {
      try site.write(
        "herald.yaml",
        "title: T\nbaseURL: https://t.example/\nauthor: A\nplatforms:\n  ios:\n"
          + "    releases: [\(releases.joined(separator: ", "))]\n")
    }
    let releases = (0..<6000).map { "1.\($0 / 100).\($0 % 100)" }
    try configure(releases + ["1.0.5.0"])
    try site.write(
      "content/announcements/a.md",
      "---\nid: a\ntitle: A\nseverity: INFO\nkind: NOTICE\npublishAt: 2026-01-01\n---\nBody.\n")
    let now = ["--now", "2026-12-01T00:00:00Z"]
    let check = try HeraldProcess.run(["check", "--site", site.url.path] + now, timeLimit: 30)
    #expect(!check.timedOut && check.status == 1, "\(check.stderr)")
    #expect(
      check.stderr.contains("release 1.0.5.0 of ios is the same version as 1.0.5, listed before"),
      "\(check.stderr)")
    try configure(releases)
    let diff = try HeraldProcess.run(
      ["diff", "--site", site.url.path, "--base-dir", site.url.path] + now, timeLimit: 30)
    #expect(!diff.timedOut && diff.status == 0, "\(diff.stderr)")
  }

  /// Reported as printed twice for a translation file; each unsafe link of a translation, in a
  /// file of its own or inline, is one warning, in check and build, cold and through the cache.
  @Test("each unsafe link of a translation is warned about once, however the site is read")
  func translationWarningsOnce() throws {
    let site = try TemporaryDirectory()
    try site.write(
      "herald.yaml",
      "title: T\nbaseURL: https://t.example/\nauthor: A\nlocales: [en, de, de-AT]\n"
        + "platforms:\n  ios:\n    releases: [1.0.0]\n")
    let front = "severity: INFO\nkind: NOTICE\npublishAt: 2026-11-01\n"
    try site.write("content/announcements/a.md", "---\nid: a\ntitle: A\n\(front)---\nHello.\n")
    try site.write(
      "content/announcements/a.de.md", "---\ntitle: A de\n---\nHallo [x](javascript:alert(2)).\n")
    try site.write(
      "content/announcements/b.md",
      "---\nid: b\ntitle: B\n\(front)translations:\n  de:\n    title: B de\n"
        + "    body: \"Hallo [y](javascript:alert(3)).\"\n---\nHello.\n")
    let work = try TemporaryDirectory()
    let environment = ["HERALD_CACHE_DIR": work.path("cache")]
    let runs = [
      ["check", "--site", site.url.path], ["check", "--site", site.url.path],
      ["build", "--site", site.url.path, "--now", "2026-11-30T12:00:00Z", "--quiet"],
      ["build", "--site", site.url.path, "--now", "2026-11-30T12:00:00Z", "--quiet"],
    ]
    let tail = " is not safe and is shown as plain text [unsafe-link]"
    let expected: [String] = [
      site.url.path + "/content/announcements/a.de.md:4:7: warning: the link to"
        + " \"javascript:alert(2)\"" + tail,
      site.url.path + "/content/announcements/b.md:10:11: warning: the link to"
        + " \"javascript:alert(3)\"" + tail,
    ]
    for arguments in runs {
      let result = try HeraldProcess.run(arguments, environment: environment)
      let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        .map(String.init)
      #expect(warnings == expected, "\(arguments): \(result.stderr)")
    }
  }

  @Test("errors go to standard error, with the --site folder in every path, and exit 1")
  func errors() throws {
    let site = "Tests/Fixtures/invalid/range-inverted"
    let result = try HeraldProcess.run(["check", "--site", site])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        \(site)/content/announcements/a.md:7:13: error: minVersion "1.10" is above maxVersion "1.9.0" [range-inverted]
          hint: versions compare segment by segment as numbers, so 1.10 is above 1.9.0

        """)
    #expect(result.stdout == "1 error, 0 warnings in 1 announcement\n")
  }

  @Test("every problem of every file in one run, sorted by file and line")
  func everyProblem() throws {
    let result = try HeraldProcess.run(
      ["check"], in: Fixtures.root.appending(path: "invalid/every-problem-at-once"))
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("  hint:") }
    #expect(lines.count == 10)
    #expect(lines.first?.hasPrefix("content/announcements/a.md:2:5: error:") == true)
    #expect(lines.last?.hasPrefix("content/announcements/c.json:1:2: error:") == true)
    #expect(result.stdout == "10 errors, 0 warnings in 3 announcements\n")
  }

  @Test("warnings pass, and --strict makes them errors")
  func strict() throws {
    let site = ["--site", "Tests/Fixtures/invalid/long-title"]
    let relaxed = try HeraldProcess.run(["check"] + site)
    #expect(relaxed.status == 0)
    #expect(relaxed.stderr.contains(": warning: the title has 84 characters"))
    let strict = try HeraldProcess.run(["check", "--strict"] + site)
    #expect(strict.status == 1)
    #expect(strict.stderr.contains(": error: the title has 84 characters"))
    #expect(strict.stdout.hasPrefix("1 error, 0 warnings"))
  }

  @Test("--format json prints an array of diagnostics and nothing else")
  func json() throws {
    let result = try HeraldProcess.run(
      ["check", "--format", "json", "--site", "Tests/Fixtures/invalid/duplicate-id"])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 1)
    let first = try #require(array.first)
    #expect(
      first["file"] as? String == "Tests/Fixtures/invalid/duplicate-id/content/announcements/b.json"
    )
    #expect(first["line"] as? Int == 2)
    #expect(first["column"] as? Int == 9)
    #expect(first["severity"] as? String == "error")
    #expect(first["code"] as? String == "duplicate-id")
    #expect((first["message"] as? String)?.contains("a.md:2") == true)
  }

  @Test("--format github prints workflow commands with escaped messages")
  func github() throws {
    let result = try HeraldProcess.run(
      ["check", "--format", "github"], in: Fixtures.root.appending(path: "invalid/unknown-field"))
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        ::error file=content/announcements/a.md,line=7,col=1,title=unknown-field::unknown field "miniVersion" in the record%0Ahint: did you mean "minVersion"? A misspelt targeting field would target everyone.
        1 error, 0 warnings in 1 announcement

        """)
  }

  @Test(
    "usage errors exit 64 with a suggestion",
    arguments: [
      (["check", "--strcit"], "unknown option '--strcit'", "did you mean '--strict'?"),
      (["chek"], "unknown command 'chek'", "did you mean 'check'?"),
      (["check", "--format", "xml"], "unknown format 'xml'", "use one of text, json, github"),
      (
        ["check", "--now", "yesterday"], "--now \"yesterday\" is not a timestamp",
        "--now 2026-03-01T09:00:00Z"
      ),
      (["check", "--site"], "missing value for '--site DIR'", "usage: herald check"),
      (["check", "extra"], "unexpected argument 'extra'", "usage: herald check"),
      ([], "missing command", "USAGE: herald <command>"),
    ])
  func usageErrors(_ arguments: [String], _ message: String, _ hint: String) throws {
    let result = try HeraldProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains(hint), "\(result.stderr)")
  }

  @Test("a folder that is not a site exits 74")
  func notASite() throws {
    let missing = try HeraldProcess.run(["check", "--site", "/nonexistent/site"])
    #expect(missing.status == 74)
    #expect(missing.stderr.contains("error: the site folder /nonexistent/site does not exist"))
    let empty = try TemporaryDirectory()
    let noConfig = try HeraldProcess.run(["check", "--site", empty.url.path])
    #expect(noConfig.status == 74)
    #expect(noConfig.stderr.contains("there is no herald.yaml in"))
  }

  @Test("--help and --version print to standard output and exit 0")
  func help() throws {
    let tool = try HeraldProcess.run(["--help"])
    #expect(tool.status == 0 && tool.stderr == "")
    #expect(tool.stdout.contains("USAGE: herald <command> [options]"))
    #expect(tool.stdout.contains("  check "))
    let command = try HeraldProcess.run(["check", "--help"])
    #expect(command.status == 0)
    #expect(
      command.stdout.contains(
        "USAGE: herald check [--site DIR] [--now TIME] [--strict] [--format text|json|github]"
          + " [--no-cache]"))
    let version = try HeraldProcess.run(["--version"])
    #expect(version.status == 0 && version.stdout == "0.1.0\n")
  }
}
