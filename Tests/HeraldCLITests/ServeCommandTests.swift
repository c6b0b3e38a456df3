import Foundation
import HeraldTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `herald serve` as a new user runs it: the built binary, a copy of the example site, and HTTP.
@Suite("herald serve, run as a binary", .serialized)
struct ServeCommandTests {
  /// A running `herald serve` and the address it printed.
  final class Server {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    private(set) var baseURL = ""
    private(set) var printed = ""

    /// Starts serve with `TMPDIR` set to `temporary`, or unset when it is nil.
    init(
      site: URL, port: String = "0",
      temporary: String? = FileManager.default.temporaryDirectory.path, extra: [String] = [],
      environment extraEnvironment: [String: String] = [:]
    ) throws {
      process.executableURL = HeraldProcess.executable
      process.arguments = ["serve", "--site", site.path, "--port", port] + extra
      var environment = ProcessInfo.processInfo.environment
      environment["TMPDIR"] = temporary
      environment.merge(extraEnvironment) { $1 }
      process.environment = environment
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      // Read what it prints until it says where it serves (or it exits): no sleeping.
      while !printed.contains("serving ") || !printed.contains("\n") {
        let data = output.fileHandleForReading.availableData
        if data.isEmpty { break }
        printed += String(decoding: data, as: UTF8.self)
      }
      if let range = printed.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression)
      {
        baseURL = String(printed[range])
      }
    }

    func get(_ path: String) async throws -> (Int, String) {
      let url = try #require(URL(string: baseURL + path))
      let (data, response) = try await URLSession.shared.data(from: url)
      return (
        (response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self)
      )
    }

    /// The number of builds so far, from the live-reload script.
    func generation() async throws -> Int {
      let script = try await get("_herald/live-reload.js").1
      let digits = script.split(separator: "var generation = ").dropFirst().first?.prefix {
        $0.isNumber
      }
      return Int(digits ?? "") ?? -1
    }

    /// Waits, through the long-poll endpoint, until a build after `generation` has finished.
    func waitForBuild(after generation: Int) async throws -> Int {
      let answer = try await get("_herald/reload?since=\(generation)").1
      return Int(answer.filter(\.isNumber)) ?? -1
    }

    /// Waits through rebuilds until the archive page shows what `isReady` looks for, up to two
    /// minutes, and returns the last generation and page.
    ///
    /// One change can be seen as several (a file created, then written), each with its rebuild:
    /// the next generation after a change may be a rebuild for the one before it, so a test that
    /// took the first new generation for its change's rebuild read a page that was not ready yet.
    func waitForPage(after generation: Int, until isReady: (String) -> Bool) async throws -> (
      generation: Int, page: String
    ) {
      var generation = generation
      let deadline = ContinuousClock.now + .seconds(120)
      while true {
        generation = try await waitForBuild(after: generation)
        let page = try await get("").1
        if isReady(page) || ContinuousClock.now > deadline { return (generation, page) }
      }
    }

    /// A test that fails before it interrupts serve still stops it, so no serve outlives its test.
    deinit {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }

    func interrupt() -> Int32 {
      process.interrupt()
      process.waitUntilExit()
      return process.terminationStatus
    }

    /// What serve printed to standard error, once it has exited (to explain a failed stop).
    func errorText() -> String {
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
  }

  @Test("serves the example with drafts and scheduled marked, rebuilds on edits, survives errors")
  func editBreakFix() async throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    try site.write(
      "content/announcements/far-future.md",
      "---\nid: far-future\ntitle: Far ahead\nseverity: INFO\nkind: NOTICE\npublishAt: 2099-01-01\n---\n"
    )
    let server = try Server(site: site.url)
    #expect(server.baseURL.hasPrefix("http://127.0.0.1:"), "\(server.printed)")

    let (status, page) = try await server.get("")
    #expect(status == 200)
    #expect(page.contains("Please sign in again"))
    #expect(page.contains("<script src=\"/_herald/live-reload.js\"></script>"))
    #expect(page.contains("<span class=\"label label--status\">Draft"))
    #expect(
      page.contains("<span class=\"label label--status\">Scheduled for 1 January 2099</span>"))
    #expect(page.contains("href=\"\(server.baseURL)feed.xml\""))
    #expect(try await server.get("feed.xml").0 == 200)
    #expect(try await server.get("api/v1/ios/1.8.0.json").0 == 200)

    let record = "content/announcements/sign-in-again.md"
    let original = try String(contentsOfFile: site.path(record), encoding: .utf8)
    var generation = try await server.generation()
    try site.write(
      record,
      original.replacingOccurrences(of: "Please sign in again", with: "Please sign in once more"))
    let edited: String
    (generation, edited) = try await server.waitForPage(after: generation) {
      $0.contains("Please sign in once more")
    }
    #expect(edited.contains("Please sign in once more"))
    #expect(!edited.contains("herald-build-errors"))

    try site.write("content/announcements/broken.md", "---\nid: broken\nseverity: LOUD\n---\n")
    let broken: String
    (generation, broken) = try await server.waitForPage(after: generation) {
      $0.contains("id=\"herald-build-errors\"")
    }
    #expect(broken.contains("Please sign in once more"), "the last good output stays served")
    #expect(broken.contains("id=\"herald-build-errors\""))
    #expect(broken.contains("broken.md:3:11: error: severity &quot;LOUD&quot;"))

    try FileManager.default.removeItem(atPath: site.path("content/announcements/broken.md"))
    let fixed: String
    (generation, fixed) = try await server.waitForPage(after: generation) {
      !$0.contains("herald-build-errors")
    }
    #expect(!fixed.contains("herald-build-errors"))

    #expect(
      !FileManager.default.fileExists(atPath: site.path("public")), "serve never writes public/")
    let pid = server.process.processIdentifier
    #expect(server.interrupt() == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path
    ).filter { $0.hasPrefix("herald-serve-\(pid)-") }
    #expect(leftovers.isEmpty, "the temporary folder is removed on Ctrl-C")
    let terminal = String(
      decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(terminal.contains("still serving the last good build"))
  }

  @Test("the app preview decides as explain does, for releases and unlisted builds alike")
  func appPreview() async throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let server = try Server(site: site.url)
    let (status, page) = try await server.get("_herald/app/")
    #expect(status == 200)
    #expect(page.contains("<iframe id=\"app\""))
    // It says where the preview is when it starts, and the served archive links to it.
    #expect(server.printed.contains("the app preview:  \(server.baseURL)_herald/app/"))
    let archive = try await server.get("")
    #expect(archive.1.contains("<a href=\"/_herald/app/\">See what an app shows</a>"))
    let module = try await server.get("_herald/client/web.js")
    #expect(module.0 == 200)
    #expect(module.1.contains("defineHeraldAnnouncements()"))
    #expect(try await server.get("_herald/client/missing.js").0 == 404)
    let now = "2026-11-30T12:00:00Z"
    for version in ["1.8.0", "1.8.9.1", "1.9.2", "2.0.0"] {
      let answer = try await server.get(
        "_herald/app/decide?platform=ios&version=\(version)&now=\(now)&seen=linewise-2-0")
      let decided = try #require(
        try JSONSerialization.jsonObject(with: Data(answer.1.utf8)) as? [String: Any])
      let expected = try Self.explained(
        site: site,
        ["--version", version, "--now", now, "--seen", "linewise-2-0"])
      #expect(
        try Self.sorted(decided["explanation"]) == Self.sorted(expected), "\(version): \(answer.1)")
      let documents = try #require(decided["documents"] as? [String: String])
      #expect(documents.keys.contains("https://linewise.example/whats-new/api/v1/index.json"))
    }
    let wrong = try await server.get("_herald/app/decide?platform=ios&version=one")
    #expect(wrong.1.contains("\"error\": \"\\\"one\\\" is not a version\""), "\(wrong.1)")
    try site.write("content/announcements/broken.md", "---\nid: broken\nseverity: LOUD\n---\n")
    let broken = try await server.get("_herald/app/decide?platform=ios&version=1.8.0").1
    #expect(broken.contains("the site has errors"), "\(broken)")
    #expect(broken.contains("broken.md:3:11: error"), "\(broken)")
    #expect(server.interrupt() == 0)
  }

  /// The drawn app decides a rollout by its user's id, so the reasons beside it must too: they
  /// once decided as for a user inside every rollout, while the app drew for user "preview".
  ///
  /// And with no user named, both decide as `explain` does without `--user` (inside every rollout
  /// begun): a preview that drew for a user outside a 10% rollout hid the note just written.
  @Test("the app preview decides rollouts as explain does: inside, outside, or for a named user")
  func appPreviewUser() async throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    // Buckets for the salt half-of-users (conformance/buckets.py): preview 2311, ada 6847.
    try site.write(
      "content/announcements/half-of-users.md",
      "---\nid: half-of-users\ntitle: A new planner for half of you\nseverity: INFO\n"
        + "kind: WHATS_NEW\nplatforms: [ios]\nrollout: 50%\npublishAt: 2026-11-01\n---\nSoon.\n")
    let server = try Server(site: site.url)
    let now = "2026-11-30T12:00:00Z"
    let cases: [(query: String, user: String?, explain: [String], reaches: Bool)] = [
      ("", nil, [], true), ("&rollouts=outside", nil, ["--outside-rollouts"], false),
      ("&user=preview", "preview", ["--user", "preview"], true),
      ("&user=ada", "ada", ["--user", "ada"], false),
    ]
    for (query, user, explain, reaches) in cases {
      let answer = try await server.get(
        "_herald/app/decide?platform=ios&version=2.0.0&now=\(now)\(query)")
      let decided = try #require(
        try JSONSerialization.jsonObject(with: Data(answer.1.utf8)) as? [String: Any])
      let input = decided["input"] as? [String: Any]
      #expect(input?["user"] as? String == user)
      #expect(
        input?["rollouts"] as? String
          == (user == nil ? (explain.isEmpty ? "inside" : "outside") : "user"))
      let expected = try Self.explained(
        site: site, ["--version", "2.0.0", "--now", now] + explain)
      #expect(try Self.sorted(decided["explanation"]) == Self.sorted(expected), "\(answer.1)")
      let outcome =
        ((expected["announcements"] as? [[String: Any]]) ?? [])
        .first { $0["id"] as? String == "half-of-users" }?["outcome"] as? String
      #expect((outcome != "outside-rollout") == reaches, "\(query): \(outcome ?? "missing")")
    }
    #expect(server.interrupt() == 0)
  }

  /// `herald explain --format json` for iOS on the site, with more arguments.
  static func explained(site: TemporaryDirectory, _ arguments: [String]) throws -> [String: Any] {
    let run = try HeraldProcess.run(
      ["explain", "--site", site.url.path, "--platform", "ios", "--format", "json"] + arguments)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "\(run.stderr)")
  }

  static func sorted(_ object: Any?) throws -> Data {
    try JSONSerialization.data(withJSONObject: try #require(object), options: [.sortedKeys])
  }

  @Test("serves every locale's pages and manifests, and rebuilds when a translation file changes")
  func locales() async throws {
    let site = try TemporaryDirectory()
    let fixture = Fixtures.root.appending(path: "sites/locales")
    for file in [
      "herald.yaml", "content/announcements/wall.md", "content/announcements/strike.json",
    ] {
      try site.write(file, try String(contentsOf: fixture.appending(path: file), encoding: .utf8))
    }
    let server = try Server(site: site.url)
    #expect(try await server.get("de/").1.contains("Aktualisieren, um Ihre Tickets zu behalten"))
    #expect(try await server.get("api/v1/de/ios/1.0.0.json").1.contains("Streik am Freitag"))
    // The preview's reasons read the languages in order, as its drawn app does: ja has no
    // translations, so the next choice, de, is the one read.
    let preview = try await server.get(
      "_herald/app/decide?platform=ios&version=1.0.0&now=2026-11-30T12:00:00Z&languages=ja,de")
    let decided = try #require(
      try JSONSerialization.jsonObject(with: Data(preview.1.utf8)) as? [String: Any])
    #expect(
      (decided["explanation"] as? [String: Any])?["locale"] as? String == "de", "\(preview.1)")
    let french = "content/announcements/wall.fr-CA.md"
    let generation = try await server.generation()
    try site.write(french, "---\ntitle: Mettez à jour\n---\nLa version 1 est finie.\n")
    _ = try await server.waitForBuild(after: generation)
    #expect(try await server.get("fr-CA/announcements/wall/").1.contains(">Mettez à jour</h1>"))
    #expect(server.interrupt() == 0)
  }

  @Test("Ctrl-C stops within a second while pages wait to reload")
  func quickStop() async throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let server = try Server(site: site.url)
    let generation = try await server.generation()
    let port = try #require(
      UInt16(server.baseURL.split(separator: ":").last?.filter(\.isNumber) ?? ""))
    // Three open pages, each waiting for the next build, then one more page load.
    let polls = (0..<3).map { _ in
      BackgroundCall { try? RawHTTP.get("/_herald/reload?since=\(generation)", port: port) }
    }
    #expect(try await server.get("").0 == 200)
    var status: Int32 = -1
    let elapsed = ContinuousClock().measure { status = server.interrupt() }
    #expect(status == 0, "serve said: \(status == 0 ? "" : server.errorText())")
    #expect(elapsed < .seconds(1), "Ctrl-C took \(elapsed)")
    for poll in polls { _ = poll.value }
  }

  @Test("without TMPDIR the preview is built in memory (/dev/shm), and removed on Ctrl-C")
  func previewInMemory() async throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let memory = "/dev/shm"
    var isFolder: ObjCBool = false
    let hasMemory =
      FileManager.default.fileExists(atPath: memory, isDirectory: &isFolder) && isFolder.boolValue
      && FileManager.default.isWritableFile(atPath: memory)
    let parent = hasMemory ? memory : FileManager.default.temporaryDirectory.path
    let server = try Server(site: site.url, temporary: nil)
    let pid = server.process.processIdentifier
    let previews = {
      try FileManager.default.contentsOfDirectory(atPath: parent)
        .filter { $0.hasPrefix("herald-serve-\(pid)-") }
    }
    #expect(try await server.get("").0 == 200)
    let running = try previews()
    #expect(running.count == 1, "the preview is in \(parent)")
    if let folder = running.first {
      #expect(FileManager.default.fileExists(atPath: parent + "/" + folder + "/site/index.html"))
    }
    #expect(server.interrupt() == 0)
    #expect(try previews().isEmpty, "the preview is removed on Ctrl-C")
  }

  @Test("a preview build left by a serve that was killed is removed by the next serve")
  func abandonedWorkspace() async throws {
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let abandoned = FileManager.default.temporaryDirectory
      .appending(path: "herald-serve-\(ended.processIdentifier)-abandoned").path
    try FileManager.default.createDirectory(
      atPath: abandoned + "/site", withIntermediateDirectories: true)
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let server = try Server(site: site.url)
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(server.interrupt() == 0)
  }

  @Test("a port in use is a clear error that names it")
  func portInUse() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let first = try Server(site: site.url)
    defer { _ = first.interrupt() }
    let port = String(first.baseURL.split(separator: ":").last ?? "").filter { $0.isNumber }
    #expect(!port.isEmpty)
    let second = try HeraldProcess.run(["serve", "--site", site.url.path, "--port", port])
    #expect(second.status == 74)
    #expect(second.stderr.contains("error: port \(port) on 127.0.0.1 is already in use"))
  }
}
