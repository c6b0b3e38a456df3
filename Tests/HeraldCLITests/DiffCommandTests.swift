import Foundation
import HeraldTestSupport
import Testing

@Suite("herald diff")
struct DiffCommandTests {
  static let cases = Fixtures.cases("diff")
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  @Test("the fixture pairs cover a wall, an escalation, a kill switch, a rename and no change")
  func coverage() {
    for name in ["new-wall", "widened-wall", "escalation", "kill-switch", "id-rename", "unchanged"]
    {
      #expect(Self.cases.contains(name), "\(name)")
    }
  }

  @Test("golden Markdown and JSON", arguments: cases)
  func golden(_ name: String) throws {
    let folder = Fixtures.root.appending(path: "diff/\(name)")
    for (format, file) in [("markdown", "expected.md"), ("json", "expected.json")] {
      let result = try HeraldProcess.run(
        ["diff", "--base-dir", "base", "--site", "head", "--format", format] + Self.now,
        in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr == "")
      let expected = try Fixtures.golden(result.stdout, at: folder.appending(path: file))
      #expect(result.stdout == expected, "\(name) \(format)")
    }
  }

  @Test("--locale shows a locale's words; a wall's translated action label is risky in any locale")
  func locales() throws {
    let folder = Fixtures.root.appending(path: "diff/wall-translation")
    let german = try HeraldProcess.run(
      ["diff", "--base-dir", "base", "--site", "head", "--locale", "de-AT"] + Self.now, in: folder)
    #expect(german.status == 0, "\(german.stderr)")
    #expect(german.stdout.contains("**Wall's words changed** `wall`: the de label"))
    #expect(german.stdout.contains("actionLabel `Jetzt aktualisieren` → `Später`"))
    // German readers keep their own title for the strike: the English edit does not reach them.
    #expect(!german.stdout.contains("Strike on Thursday"))
    let english = try HeraldProcess.run(
      ["diff", "--base-dir", "base", "--site", "head"] + Self.now, in: folder)
    #expect(english.stdout.contains("**Wall's words changed** `wall`"))
    #expect(english.stdout.contains("title `Strike on Friday` → `Strike on Thursday`"))
    let refused = try HeraldProcess.run(
      ["diff", "--base-dir", "base", "--site", "head", "--locale", "german"] + Self.now,
      in: folder)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--locale german is not a BCP 47 language tag"))
  }

  @Test("risky changes name what they do to users")
  func riskyContent() throws {
    let folder = Fixtures.root.appending(path: "diff")
    func markdown(_ name: String) throws -> String {
      try HeraldProcess.run(
        ["diff", "--base-dir", "base", "--site", "head"] + Self.now,
        in: folder.appending(path: name)
      ).stdout
    }
    #expect(
      try markdown("new-wall").contains(
        "**New wall** `update-1-0`: now walls android 1.0.0; ios 1.0.0"))
    #expect(
      try markdown("widened-wall").contains("**Wider wall** `update-1-0`: now also walls ios 1.1.0")
    )
    #expect(
      try markdown("widened-wall").contains(
        "| ios | 1.1.0 | dialog `maintenance` | **wall** `update-1-0` |"))
    #expect(try markdown("escalation").contains("**Severity raised** `tips`: INFO → CRITICAL"))
    #expect(
      try markdown("kill-switch").contains(
        "**Switched off** `maintenance`: removed from every output"))
    #expect(try markdown("id-rename").contains("**Id changed** `timetable-tips`: was tips"))
    #expect(
      try markdown("unchanged").contains(
        "No change: every release shows users the same announcements"))
  }

  /// A wall that is expired, or not yet published, at the comparison's time walls nobody then:
  /// diff judges walls by the delivery rule every output and client uses.
  @Test(
    "an expired or scheduled wall changes nothing for users now",
    arguments: [
      "publishAt: 2026-11-10\nexpiresAt: 2026-11-20", "publishAt: 2026-12-20",
    ])
  func wallOutsideItsTime(times: String) throws {
    let folder = Fixtures.root.appending(path: "diff/new-wall")
    let head = try TemporaryDirectory()
    for file in [
      "herald.yaml", "content/announcements/maintenance.md", "content/announcements/tips.md",
    ] {
      try head.write(
        file, String(contentsOf: folder.appending(path: "head/\(file)"), encoding: .utf8))
    }
    let wall = try String(
      contentsOf: folder.appending(path: "head/content/announcements/update-1-0.md"),
      encoding: .utf8)
    try head.write(
      "content/announcements/update-1-0.md",
      wall.replacingOccurrences(of: "publishAt: 2026-11-10", with: times))
    let result = try HeraldProcess.run(
      ["diff", "--base-dir", folder.appending(path: "base").path, "--site", head.url.path]
        + Self.now)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("`update-1-0`"), "the record is still listed as added")
    #expect(!result.stdout.contains("**New wall**"))
    #expect(!result.stdout.contains("**wall**"))
  }

  /// Issue 46, item 17: a title's `@user` and `@org/team` reached the pull-request comment as
  /// mentions (GitHub notified them), and its `~~` and bare URLs as formatting and links.
  @Test("a title's mentions, strikethrough and bare URLs stay text in the comment")
  func mentionsStayText() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    try site.write(
      "content/announcements/hello.md",
      "---\nid: hello\ntitle: \"Hi @octocat and @acme/ops ~~old~~ https://evil.example/x"
        + " www.evil.example mail a@b.example\"\nseverity: INFO\nkind: NOTICE\n"
        + "publishAt: 2026-11-01\n---\nBody.\n")
    let result = try HeraldProcess.run(
      [
        "diff", "--base-dir", Fixtures.packageRoot.path, "--site", site.url.path, "--format",
        "markdown",
      ] + Self.now)
    #expect(result.status == 0, "\(result.stderr)")
    let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("Hi @") })
    #expect(
      line.contains(
        "Hi @&#8203;octocat and @&#8203;acme/ops \\~\\~old\\~\\~ https:&#8203;//evil.example/x"
          + " www.&#8203;evil.example mail a@&#8203;b.example"), "\(line)")
    for raw in ["@octocat", "@acme", "~~old", "https://", "www.evil", "a@b"] {
      #expect(!result.stdout.contains(raw), "\(raw) reached the comment as written")
    }
  }

  @Test("a head site with errors prints them and exits 1")
  func headErrors() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    try site.write("content/announcements/bad.md", "---\nid: bad\n---\n")
    let result = try HeraldProcess.run(
      ["diff", "--base-dir", Fixtures.packageRoot.path, "--site", site.url.path] + Self.now)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr.contains("content/announcements/bad.md:1:1: error: the record has no \"title\"")
    )
  }

  @Test("a --base that is no revision says so, and names the branch it resembles")
  func unknownRevision() throws {
    let repository = try TemporaryDirectory()
    try SiteCopy.writeExample(to: repository)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "sh", "-c",
      "git init -q -b main . && git add -A && git -c user.name=t -c user.email=t@example.com"
        + " commit -q -m base",
    ]
    process.currentDirectoryURL = repository.url
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let typo = try HeraldProcess.run(["diff", "--base", "mian"] + Self.now, in: repository.url)
    #expect(typo.status == 74)
    #expect(typo.stdout == "")
    #expect(
      typo.stderr
        == "error: cannot read the site at mian: there is no revision mian in this repository"
        + " (did you mean main?)\n")
    let unknown = try HeraldProcess.run(
      ["diff", "--base", "zzzqqq"] + Self.now, in: repository.url)
    #expect(
      unknown.stderr
        == "error: cannot read the site at zzzqqq: there is no revision zzzqqq in this"
        + " repository (a branch, a tag or a commit; fetch it first if it is on a remote)\n")
  }

  /// The revision and the site's place in the repository are asked of git at once; when that
  /// fails, git's own words say why (no repository), and a temporary folder herald cannot write
  /// into (for git's input and messages) is named.
  @Test("--base outside a repository says git's words; an unwritable TMPDIR is named")
  func gitCannotBeAsked() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    // Outside any repository, whatever holds the temporary folders.
    let outside = try HeraldProcess.run(
      ["diff", "--base", "HEAD"] + Self.now, in: site.url,
      environment: ["GIT_CEILING_DIRECTORIES": site.url.deletingLastPathComponent().path])
    #expect(outside.status == 74)
    #expect(outside.stderr.contains("not a git repository"), "\(outside.stderr)")
    #expect(try ScratchGit.run(["init", "-q"], in: site.url) == 0)
    #expect(try ScratchGit.run(["add", "-A"], in: site.url) == 0)
    #expect(try ScratchGit.run(["commit", "-q", "-m", "base"], in: site.url) == 0)
    let missing = site.path("no-such-folder")
    let unwritable = try HeraldProcess.run(
      ["diff", "--base", "HEAD"] + Self.now, in: site.url, environment: ["TMPDIR": missing])
    #expect(unwritable.status == 74)
    #expect(
      unwritable.stderr
        == "error: cannot read the site at HEAD: cannot make a temporary file for git in "
        + "\(missing): can herald write there (TMPDIR)?\n")
  }

  @Test("--base reads a git revision without touching the working tree or the index")
  func gitRevision() throws {
    let repository = try TemporaryDirectory()
    try SiteCopy.writeExample(to: repository)
    func git(_ arguments: String...) throws {
      #expect(try ScratchGit.run(arguments, in: repository.url) == 0, "git \(arguments)")
    }
    try git("init", "-q")
    try git("add", "-A")
    try git("commit", "-q", "-m", "base")
    let record = repository.path("content/announcements/sunset-1-8.md")
    let original = try String(contentsOfFile: record, encoding: .utf8)
    try repository.write(
      "content/announcements/sunset-1-8.md",
      original.replacingOccurrences(of: "belowVersion: 1.9.0", with: "belowVersion: 1.10.0"))
    try git("add", "content/announcements/sunset-1-8.md")
    try repository.write("content/announcements/notes.txt", "work in progress\n")
    let indexBefore = try Data(contentsOf: repository.url.appending(path: ".git/index"))
    let result = try HeraldProcess.run(
      ["diff", "--base", "HEAD", "--format", "json"] + Self.now, in: repository.url)
    #expect(result.status == 0, "\(result.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let risky = try #require(document["risky"] as? [[String: Any]])
    #expect(risky.first?["code"] as? String == "wider-wall")
    #expect(
      (risky.first?["detail"] as? String)?.contains(
        "android 1.9.0, 1.9.3; ios 1.9.0, 1.9.2 and every version below 1.10.0, hotfixes included")
        == true)
    #expect(try Data(contentsOf: repository.url.appending(path: ".git/index")) == indexBefore)
    #expect(try String(contentsOfFile: record, encoding: .utf8).contains("belowVersion: 1.10.0"))
    let missing = try HeraldProcess.run(
      ["diff", "--base", "no-such-revision"] + Self.now, in: repository.url)
    #expect(missing.status == 74)
    #expect(missing.stderr.contains("error: cannot read the site at no-such-revision"))

    // A link committed in the base that leaves the site is refused there too, never followed: the
    // base is compared without it, as with any base record that has errors.
    try FileManager.default.createSymbolicLink(
      atPath: repository.path("content/announcements/leak.md"), withDestinationPath: "/etc/passwd")
    try git("add", "-A")
    try git("commit", "-q", "-m", "a link out")
    try FileManager.default.removeItem(atPath: repository.path("content/announcements/leak.md"))
    let linked = try HeraldProcess.run(["diff", "--base", "HEAD"] + Self.now, in: repository.url)
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(linked.stderr.contains("warning: the base HEAD has errors"))
    #expect(!linked.stdout.contains("root:") && !linked.stderr.contains("root:"))
  }

  @Test("usage: exactly one of --base and --base-dir")
  func usage() throws {
    let neither = try HeraldProcess.run(["diff"])
    #expect(neither.status == 64)
    #expect(neither.stderr.contains("missing --base or --base-dir"))
    let both = try HeraldProcess.run(["diff", "--base", "HEAD", "--base-dir", "."])
    #expect(both.status == 64)
  }
}
