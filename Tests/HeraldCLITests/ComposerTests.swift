import Foundation
import HeraldTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `herald serve --compose`, run as a binary over the example site in a git checkout: what it
/// refuses, what it checks, what every app would show, and what it writes and commits.
@Suite("The composer (herald serve --compose)", .serialized)
struct ComposerTests {
  /// A served example site in a fresh git repository, with the composer's token.
  final class Composer {
    let site: TemporaryDirectory
    let server: ServeCommandTests.Server
    let token: String
    var origin: String { String(server.baseURL.dropLast()) }

    init(
      extra: [String] = [], environment: [String: String] = [:],
      prepare: (TemporaryDirectory) throws -> Void = { _ in }
    ) async throws {
      site = try TemporaryDirectory()
      try SiteCopy.writeExample(to: site)
      try Self.git(["init", "-q", "-b", "main"], in: site)
      try Self.git(["add", "-A"], in: site)
      try Self.git(["commit", "-qm", "The example"], in: site)
      try prepare(site)
      server = try ServeCommandTests.Server(
        site: site.url, extra: ["--compose"] + extra, environment: environment)
      let page = try await server.get("_herald/compose/").1
      // The served archive links to the composer.
      #expect(
        try await server.get("").1.contains(
          "<a href=\"/_herald/compose/\">Write an announcement</a>"))
      let marker = "<meta name=\"herald-token\" content=\""
      let start = try #require(page.range(of: marker)).upperBound
      token = String(page[start...].prefix { $0 != "\"" })
    }

    /// A call as the page makes it; `origin` and `token` replace the page's own.
    func call(
      _ name: String, _ body: Any, origin: String? = nil, token: String? = nil,
      contentType: String = "application/json"
    ) async throws -> (status: Int, json: [String: Any]) {
      let data = try JSONSerialization.data(withJSONObject: body)
      return try await post(
        "_herald/compose/api/" + name, data, origin: origin, token: token,
        contentType: contentType)
    }

    func post(
      _ path: String, _ data: Data, origin: String? = nil, token: String? = nil,
      contentType: String = "application/json"
    ) async throws -> (status: Int, json: [String: Any]) {
      var request = URLRequest(url: try #require(URL(string: server.baseURL + path)))
      request.httpMethod = "POST"
      request.httpBody = data
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
      request.setValue(origin ?? self.origin, forHTTPHeaderField: "Origin")
      if let token = token ?? Optional(self.token), !token.isEmpty {
        request.setValue(token, forHTTPHeaderField: "X-Herald-Token")
      }
      let (answer, response) = try await URLSession.shared.data(for: request)
      let json = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any] ?? [:]
      return ((response as? HTTPURLResponse)?.statusCode ?? 0, json)
    }

    func stop() { _ = server.interrupt() }

    @discardableResult
    static func git(_ arguments: [String], in site: TemporaryDirectory) throws -> String {
      let result = try HeraldProcess.run(
        [
          "git", "-C", site.url.path, "-c", "user.email=test@herald.invalid", "-c",
          "user.name=Test",
        ]
          + arguments, program: URL(fileURLWithPath: "/usr/bin/env"))
      #expect(result.status == 0, "git \(arguments): \(result.stderr)")
      return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  static var dialog: [String: Any] {
    [
      "fields": [
        "id": "dark-mode", "title": "Dark mode is here", "severity": "IMPORTANT",
        "kind": "WHATS_NEW", "publishAt": "2026-11-20T09:00:00+01:00", "platforms": ["ios"],
        "minVersion": "1.10.0", "active": true, "blocking": false,
      ],
      "body": "Turn it on in **Settings**.\n\n- It follows the system\n- It saves battery\n",
    ]
  }

  static func problems(_ json: [String: Any]) -> [[String: Any]] {
    json["problems"] as? [[String: Any]] ?? []
  }

  @Test("refuses a call from another origin, without the token, over 1 MB, or naming ../")
  func refusals() async throws {
    let composer = try await Composer()
    defer { composer.stop() }
    let before = try FileTree.read(composer.site.url)
    let save = { (origin: String?, token: String?) in
      try await composer.call("save", Self.dialog, origin: origin, token: token).status
    }
    #expect(try await save("http://evil.example", nil) == 403, "another site's form post")
    #expect(try await save("http://127.0.0.1:1", nil) == 403, "another port's page")
    #expect(try await save(nil, "") == 403, "no token")
    #expect(try await save(nil, String(repeating: "0", count: 64)) == 403, "another token")
    let form = try await composer.call("save", Self.dialog, contentType: "text/plain")
    #expect(form.status == 415, "a form's text/plain post")
    let large = try await composer.post(
      "_herald/compose/api/save", Data(repeating: 0x61, count: 10 << 20))
    #expect(large.status == 413)
    var escaping = Self.dialog
    escaping["fields"] = ["id": "../../herald", "title": "x", "severity": "INFO", "kind": "NOTICE"]
    let escaped = try await composer.call("save", escaping)
    #expect(escaped.status == 422)
    #expect(Self.problems(escaped.json).first?["field"] as? String == "id")
    #expect(try await composer.call("open", ["id": "../herald"]).status == 400)
    // Nothing was written anywhere.
    #expect(try FileTree.read(composer.site.url) == before)
    #expect(try await composer.server.get("_herald/compose/api/site").0 == 405)
  }

  @Test("a new IMPORTANT dialog for one platform: checked, decided as explain, saved on its branch")
  func newDialog() async throws {
    let composer = try await Composer()
    defer { composer.stop() }
    let head = try Composer.git(["rev-parse", "HEAD"], in: composer.site)
    let checked = try await composer.call("check", Self.dialog)
    #expect(checked.status == 200)
    #expect(Self.problems(checked.json).isEmpty, "\(Self.problems(checked.json))")
    let text = try #require(checked.json["text"] as? String)
    #expect(text.hasPrefix("---\nid: dark-mode\ntitle: \"Dark mode is here\"\n"), "\(text)")
    #expect((checked.json["bodyHTML"] as? String)?.contains("<li>It saves battery</li>") == true)
    // What herald diff will say in the pull request, against the commit checked out.
    let diff = try #require(checked.json["diff"] as? String)
    #expect(diff.contains("#### Added\n\n- `dark-mode` (IMPORTANT WHATS_NEW"), "\(diff)")
    // Every cell is what herald explain says of the saved site, for the same app and time.
    let matrix = try #require(checked.json["matrix"] as? [String: Any])
    let at = try #require(matrix["at"] as? String)
    let cells = try #require(matrix["cells"] as? [[String: Any]])
    #expect(cells.count == 22, "11 releases of the two platforms, each with a hotfix")
    let saved = try await composer.call("save", Self.dialog)
    #expect(saved.status == 200, "\(saved.json)")
    #expect(saved.json["saved"] as? String == "content/announcements/dark-mode.md")
    let written = try String(
      contentsOfFile: composer.site.path("content/announcements/dark-mode.md"), encoding: .utf8)
    #expect(written == text)
    let others = try FileManager.default.contentsOfDirectory(
      atPath: composer.site.path("content/announcements")
    ).filter { $0.hasSuffix(".md") && $0 != "dark-mode.md" }.map { String($0.dropLast(3)) }
    for cell in cells {
      let platform = try #require(cell["platform"] as? String)
      let version = try #require(cell["version"] as? String)
      let explained = try HeraldProcess.run([
        "explain", "--site", composer.site.url.path, "--platform", platform, "--version", version,
        "--now", at, "--seen", others.joined(separator: ","), "--format", "json",
      ])
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
      let record = (json["announcements"] as? [[String: Any]] ?? []).first {
        $0["id"] as? String == "dark-mode"
      }
      #expect(record?["outcome"] as? String == cell["code"] as? String, "\(platform) \(version)")
      #expect(record?["reason"] as? String == cell["why"] as? String, "\(platform) \(version)")
      let shown = (json["shown"] as? [String: Any])?["id"] as? String == "dark-mode"
      #expect(shown == (cell["shows"] as? String == "dialog"), "\(platform) \(version): \(cell)")
    }
    #expect(
      cells.contains { $0["platform"] as? String == "ios" && $0["shows"] as? String == "dialog" })
    #expect(
      cells.allSatisfy { $0["platform"] as? String == "ios" || $0["shows"] as? String == "nothing" }
    )
    // Committed on herald/dark-mode, never on the branch checked out, and check passes.
    #expect(saved.json["branch"] as? String == "herald/dark-mode")
    #expect(try Composer.git(["rev-parse", "HEAD"], in: composer.site) == head)
    #expect(try Composer.git(["rev-parse", "--abbrev-ref", "HEAD"], in: composer.site) == "main")
    let committed = try Composer.git(
      ["show", "herald/dark-mode:content/announcements/dark-mode.md"], in: composer.site)
    #expect(committed + "\n" == text)
    let message = try Composer.git(
      ["log", "-1", "--format=%B", "herald/dark-mode"], in: composer.site)
    #expect(
      message.hasPrefix("Add the announcement dark-mode\n\nShows a dialog in ios"), "\(message)")
    #expect(try Composer.git(["rev-parse", "herald/dark-mode^"], in: composer.site) == head)
    let check = try HeraldProcess.run(["check", "--site", composer.site.url.path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test("a wall needs its id again, an exit and an upper bound, and says what it walls now")
  func wall() async throws {
    let composer = try await Composer()
    defer { composer.stop() }
    var fields: [String: Any] = [
      "id": "sunset-1-9", "title": "Please update Linewise", "severity": "CRITICAL",
      "kind": "UPDATE_AVAILABLE", "publishAt": "2026-11-01T00:00:00Z", "blocking": true,
    ]
    let bare = try await composer.call("save", ["fields": fields, "body": "Update, please."])
    #expect(bare.status == 422)
    let fieldsWithProblems = Set(Self.problems(bare.json).compactMap { $0["field"] as? String })
    #expect(fieldsWithProblems.isSuperset(of: ["actionUrl", "belowVersion"]), "\(bare.json)")
    fields["actionUrl"] = "store"
    fields["belowVersion"] = "1.10.0"
    let unconfirmed = try await composer.call(
      "check", ["fields": fields, "body": "Update, please."])
    #expect(
      Self.problems(unconfirmed.json).contains { $0["field"] as? String == "confirmBlocking" },
      "\(Self.problems(unconfirmed.json))")
    fields["confirmBlocking"] = "sunset-1-9"
    let confirmed = try await composer.call("save", ["fields": fields, "body": "Update, please."])
    #expect(confirmed.status == 200, "\(confirmed.json)")
    let matrix = try #require(confirmed.json["matrix"] as? [String: Any])
    // The pull request's comparison puts the new wall first, with what it walls.
    let diff = try #require(confirmed.json["diff"] as? String)
    #expect(diff.contains("#### ⚠️ Risky changes\n\n- **New wall** `sunset-1-9`"), "\(diff)")
    #expect(
      matrix["wallsNow"] as? [String]
        == [
          "android 1.8.0", "android 1.9.0", "android 1.9.3", "ios 1.8.0", "ios 1.9.0", "ios 1.9.2",
        ],
      "\(matrix["wallsNow"] ?? "")")
    #expect(
      FileManager.default.fileExists(
        atPath: composer.site.path("content/announcements/sunset-1-9.md")))
  }

  @Test("an opened record not changed is written back byte for byte; an edit is committed")
  func editExisting() async throws {
    let composer = try await Composer()
    defer { composer.stop() }
    let file = composer.site.path("content/announcements/sunset-1-8.md")
    let original = try Data(contentsOf: URL(fileURLWithPath: file))
    let opened = try await composer.call("open", ["id": "sunset-1-8"])
    #expect(opened.status == 200)
    let draft: [String: Any] = [
      "fields": opened.json["fields"] ?? [:], "body": opened.json["body"] ?? "",
    ]
    let checked = try await composer.call("check", draft)
    #expect(checked.json["text"] as? String == String(decoding: original, as: UTF8.self))
    let same = try await composer.call("save", draft)
    #expect(same.json["saved"] as? String == "unchanged")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
    var fields = try #require(opened.json["fields"] as? [String: Any])
    fields["title"] = "Linewise 1.8 has stopped working"
    let edited = try await composer.call(
      "save", ["fields": fields, "body": opened.json["body"] ?? ""])
    #expect(edited.status == 200, "\(edited.json)")
    #expect(
      try Composer.git(["log", "-1", "--format=%s", "herald/sunset-1-8"], in: composer.site)
        == "Update the announcement sunset-1-8")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8).contains(
        "title: \"Linewise 1.8 has stopped working\""))
  }

  @Test("a problem is shown at its field with check's message and hint, and nothing is written")
  func problemAtItsField() async throws {
    let composer = try await Composer()
    defer { composer.stop() }
    var fields = try #require(Self.dialog["fields"] as? [String: Any])
    fields["severity"] = "LOUD"
    fields["publishAt"] = "next tuesday"
    let answer = try await composer.call("save", ["fields": fields, "body": "Hello."])
    #expect(answer.status == 422)
    let problems = Self.problems(answer.json)
    for field in ["severity", "publishAt"] {
      let problem = problems.first { $0["field"] as? String == field }
      #expect(problem?["severity"] as? String == "error", "\(field): \(problems)")
      #expect((problem?["message"] as? String)?.isEmpty == false, "\(field): \(problems)")
    }
    #expect(
      (problems.first { $0["field"] as? String == "publishAt" }?["hint"] as? String)?.contains(
        "RFC 3339") == true)
    // A missing required field is shown at that field, not at the top of the form.
    fields["title"] = nil
    let untitled = try await composer.call("check", ["fields": fields, "body": "Hello."])
    #expect(
      Self.problems(untitled.json).contains {
        $0["field"] as? String == "title" && $0["code"] as? String == "missing-field"
      }, "\(Self.problems(untitled.json))")
    #expect(
      !FileManager.default.fileExists(
        atPath: composer.site.path("content/announcements/dark-mode.md")))
  }

  @Test("every example record, edited in the form and saved, reads back as the same fields")
  func canonicalRoundTrip() async throws {
    let composer = try await Composer()
    defer { composer.stop() }
    // Besides the example's: a rollout with a salt of its own and growing steps, and a reminder.
    try composer.site.write(
      "content/announcements/winter-test.md",
      "---\nid: winter-test\ntitle: Winter timetables\nseverity: INFO\nkind: NOTICE\n"
        + "publishAt: 2026-11-01\nremindAfter: 7d\n"
        + "rollout:\n  salt: winter-test\n  steps: [{after: 0d, share: 5%}, {after: 3d, share: 50%}]\n"
        + "---\nNew times from Monday.\n")
    let site = try await composer.call("site", [:])
    let records = try #require(site.json["records"] as? [[String: Any]])
    #expect(records.count >= 8)
    #expect(records.contains { $0["id"] as? String == "winter-test" })
    for record in records {
      let id = try #require(record["id"] as? String)
      let opened = try await composer.call("open", ["id": id])
      var fields = try #require(opened.json["fields"] as? [String: Any], "\(id)")
      fields["title"] = "Renamed \(id)"
      let saved = try await composer.call(
        "save", ["fields": fields, "body": opened.json["body"] ?? ""])
      #expect(saved.status == 200, "\(id): \(saved.json)")
      let reopened = try await composer.call("open", ["id": id])
      let before = try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys)
      let after = try JSONSerialization.data(
        withJSONObject: reopened.json["fields"] ?? [:], options: .sortedKeys)
      #expect(
        String(decoding: after, as: UTF8.self) == String(decoding: before, as: UTF8.self), "\(id)")
      #expect(
        (reopened.json["body"] as? String)?.trimmingCharacters(in: .newlines)
          == (opened.json["body"] as? String)?.trimmingCharacters(in: .newlines), "\(id)")
    }
    let check = try HeraldProcess.run(["check", "--site", composer.site.url.path])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  @Test(
    "--push pushes the saved branch to origin and gives its pull request, through gh when installed"
  )
  func push() async throws {
    let remote = try TemporaryDirectory()
    _ = try HeraldProcess.run(
      ["git", "init", "-q", "--bare", remote.url.path],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    // Fetched from GitHub's address, pushed to the bare repository: where the pull request opens
    // comes from the first, what is pushed lands in the second.
    let setUp = { (site: TemporaryDirectory) throws in
      try Composer.git(
        ["remote", "add", "origin", "git@github.com:acme/linewise-news.git"], in: site)
      try Composer.git(["config", "remote.origin.pushurl", remote.url.path], in: site)
    }
    let composer = try await Composer(extra: ["--push"], prepare: setUp)
    let saved = try await composer.call("save", Self.dialog)
    #expect(saved.json["pushed"] as? Bool == true, "\(saved.json)")
    #expect(
      saved.json["pullRequest"] as? String
        == "https://github.com/acme/linewise-news/compare/herald/dark-mode?expand=1")
    let pushed = try HeraldProcess.run(
      ["git", "-C", remote.url.path, "rev-parse", "herald/dark-mode"],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(
      pushed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == saved.json["commit"]
        as? String)
    composer.stop()
    // With gh on the PATH, the pull request is opened and its own address given.
    let tools = try TemporaryDirectory()
    try tools.write(
      "gh",
      "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/asked\"\necho https://github.com/acme/linewise-news/pull/7\n"
    )
    chmod(tools.path("gh"), 0o755)
    let path =
      tools.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    // Another clone's herald/dark-mode would not fast-forward the first: a remote of its own.
    let second = try TemporaryDirectory()
    _ = try HeraldProcess.run(
      ["git", "init", "-q", "--bare", second.url.path],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    let withGH = try await Composer(extra: ["--push"], environment: ["PATH": path]) { site in
      try Composer.git(
        ["remote", "add", "origin", "https://github.com/acme/linewise-news.git"], in: site)
      try Composer.git(["config", "remote.origin.pushurl", second.url.path], in: site)
    }
    defer { withGH.stop() }
    let opened = try await withGH.call("save", Self.dialog)
    #expect(opened.json["pullRequest"] as? String == "https://github.com/acme/linewise-news/pull/7")
    let asked = try String(contentsOfFile: tools.path("asked"), encoding: .utf8)
    #expect(
      asked.hasPrefix(
        "pr\ncreate\n--head\nherald/dark-mode\n--title\nAdd the announcement dark-mode\n"),
      "\(asked)")
  }

  @Test("--push without --compose, and --compose off loopback, are refused")
  func pushNeedsCompose() throws {
    let usage = try HeraldProcess.run(["serve", "--push"])
    #expect(
      usage.status == 64 && usage.stderr.contains("--push goes with --compose"), "\(usage.stderr)")
    let open = try HeraldProcess.run(["serve", "--compose", "--host", "0.0.0.0"])
    #expect(open.status == 64 && open.stderr.contains("only on loopback"), "\(open.stderr)")
  }

  @Test("translations: a tab's words round-trip, and every locale gets its column of the matrix")
  func translations() async throws {
    let fixture = Fixtures.root.appending(path: "sites/locales")
    let composer = try await Composer { site in
      try FileManager.default.removeItem(atPath: site.path("content/announcements"))
      for file in [
        "herald.yaml", "content/announcements/wall.md", "content/announcements/wall.fr-CA.md",
        "content/announcements/dark-mode.md",
      ] {
        try site.write(file, try String(contentsOf: fixture.appending(path: file), encoding: .utf8))
      }
    }
    defer { composer.stop() }
    let opened = try await composer.call("open", ["id": "wall"])
    var fields = try #require(opened.json["fields"] as? [String: Any])
    let german = (fields["translations"] as? [String: Any])?["de"] as? [String: Any]
    #expect(german?["title"] as? String == "Aktualisieren, um Ihre Tickets zu behalten")
    fields["title"] = "Update now to keep your tickets"
    let saved = try await composer.call(
      "save", ["fields": fields, "body": opened.json["body"] ?? ""])
    #expect(saved.status == 200, "\(saved.json)")
    let text = try #require(saved.json["text"] as? String)
    #expect(
      text.contains(
        "translations:\n  de:\n    title: \"Aktualisieren, um Ihre Tickets zu behalten\"\n"),
      "\(text)")
    let reopened = try await composer.call("open", ["id": "wall"])
    let before = try JSONSerialization.data(withJSONObject: fields, options: .sortedKeys)
    let after = try JSONSerialization.data(
      withJSONObject: reopened.json["fields"] ?? [:], options: .sortedKeys)
    #expect(String(decoding: after, as: UTF8.self) == String(decoding: before, as: UTF8.self))
    let matrix = try #require(saved.json["matrix"] as? [String: Any])
    let locales = Set(
      (matrix["cells"] as? [[String: Any]] ?? []).map { $0["locale"] as? String ?? "default" })
    #expect(locales.count >= 3, "\(locales)")
    let check = try HeraldProcess.run(["check", "--site", composer.site.url.path])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }
}
