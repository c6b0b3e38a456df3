import Foundation
import HeraldFiles
import HeraldSigning
import HeraldTestSupport
import Testing

/// `herald deploy` against a real S3-compatible server that checks every signature (SeaweedFS).
@Suite(
  "Deploying to a real S3-compatible store (SeaweedFS)", .serialized,
  .enabled(
    if: SeaweedFS.program != nil,
    "NOTE: SeaweedFS is not installed (scripts/test installs it into .build/s3-venv): skipping"
  ))
struct S3DeployTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]
  static let bucket = "herald-test"

  /// A deploy of an output to the server's bucket under `news/`.
  static func deploy(
    _ output: String, _ server: SeaweedFS, _ extra: [String] = [],
    environment: [String: String]? = nil
  ) throws -> HeraldProcess.Result {
    try HeraldProcess.run(
      ["deploy", "--output", output, "--to", "s3://\(bucket)/news", "--endpoint", server.endpoint]
        + extra, environment: environment ?? server.environment)
  }

  /// The files of an output a deploy sends (herald's bookkeeping and _headers aside).
  static func sent(_ output: URL) throws -> [String: [UInt8]] {
    try FileTree.read(output).files.filter { !$0.key.hasPrefix(".") && $0.key != "_headers" }
  }

  /// Every content-addressed document the bucket's channel names is there with its bytes.
  static func pointersHold(_ server: SeaweedFS) throws {
    let index = try server.curl(["\(server.endpoint)/\(bucket)/news/api/v1/index.json"])
    #expect(index.status == 200)
    let channel = try JSONSerialization.jsonObject(with: Data(index.body.utf8)) as? [String: Any]
    let platforms = channel?["platforms"] as? [String: [String: Any]] ?? [:]
    var named: [String] = []
    for platform in platforms.values {
      if let live = platform["liveObject"] as? [String: Any], let sha = live["sha256"] as? String {
        named.append(sha)
      }
      for release in platform["releases"] as? [[String: Any]] ?? [] {
        if let object = release["object"] as? [String: Any], let sha = object["sha256"] as? String {
          named.append(sha)
        }
      }
    }
    #expect(!named.isEmpty)
    for sha in named {
      let object = try server.curl(["\(server.endpoint)/\(bucket)/news/api/v1/objects/\(sha).json"])
      #expect(object.status == 200, "a pointer names \(sha), which is not there")
      #expect(SHA256Digest.hex(Array(object.body.utf8)) == sha)
    }
  }

  @Test("a first deploy puts every file with its type and lifetime; a redeploy puts none")
  func firstAndUnchanged() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    let files = try Self.sent(output)
    // A dry run prints the plan, pointers last, and sends nothing.
    let dry = try Self.deploy(output.path, server, ["--dry-run"])
    #expect(
      dry.status == 0 && dry.stdout.contains("would put \(files.count) files"), "\(dry.stdout)")
    let planned = dry.stdout.split(separator: "\n").filter { $0.hasPrefix("put ") }
    #expect(planned.last == "put api/v1/index.json")
    #expect(try server.keys(bucket: Self.bucket, prefix: "news").isEmpty)
    let first = try Self.deploy(output.path, server)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(": \(files.count) files put"), "\(first.stdout)")
    let keys = try server.keys(bucket: Self.bucket, prefix: "news")
    #expect(keys == Set(files.keys.map { "news/" + $0 } + ["news/.herald/deploys.json"]))
    try Self.pointersHold(server)
    let headers = try server.curl([
      "-D", "-", "-o", "/dev/null", "\(server.endpoint)/\(Self.bucket)/news/api/v1/index.json",
    ]).body.lowercased()
    #expect(headers.contains("cache-control: public, max-age=300, must-revalidate"))
    #expect(headers.contains("content-type: application/json"))
    #expect(headers.contains("x-amz-meta-sha256: "))
    // The bucket's record, put again by hand with a mark of its own: a deploy that put it again
    // would drop the mark.
    let recordURL = "\(server.endpoint)/\(Self.bucket)/news/.herald/deploys.json"
    let recordBytes = Array(try server.curl([recordURL]).body.utf8)
    let recordFile = site.url.appending(path: "record.json")
    try Data(recordBytes).write(to: recordFile)
    let marked = try HeraldProcess.run(
      [
        "-s", "-o", "/dev/null", "-w", "%{http_code}", "--aws-sigv4", "aws:amz:us-east-1:s3",
        "--user", "\(SeaweedFS.accessKey):\(SeaweedFS.secretKey)", "-X", "PUT", "--data-binary",
        "@" + recordFile.path, "-H", "x-amz-content-sha256: \(SHA256Digest.hex(recordBytes))",
        "-H", "x-amz-meta-mark: by-hand", recordURL,
      ], program: URL(fileURLWithPath: "/usr/bin/curl"))
    #expect(marked.stdout == "200")
    let again = try Self.deploy(output.path, server)
    #expect(again.status == 0)
    #expect(again.stdout.contains(": 0 files put"), "\(again.stdout)")
    let head = try server.curl(["-I", recordURL]).body.lowercased()
    #expect(head.contains("x-amz-meta-mark: by-hand"), "an unchanged redeploy put its record again")
  }

  @Test("an edit puts exactly the files whose bytes changed; --keep 1 then deletes the old copies")
  func editAndDeletes() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let (site, output, before) = try Self.deployedThenEdited(server)
    defer { withExtendedLifetime(site) {} }
    let after = try Self.sent(output)
    let changed = after.keys.filter { before[$0] != after[$0] }
    let gone = before.keys.filter { after[$0] == nil }
    // More deletes than allowed: refused before anything is sent.
    let refused = try Self.deploy(output.path, server, ["--keep", "1", "--max-deletes", "0"])
    #expect(refused.status == 64 && refused.stderr.contains("--max-deletes"), "\(refused.stderr)")
    let deployed = try Self.deploy(output.path, server, ["--keep", "1"])
    #expect(deployed.status == 0, "\(deployed.stderr)")
    #expect(
      deployed.stdout.contains(": \(changed.count) files put")
        && deployed.stdout.contains(", \(gone.count) deleted"), "\(deployed.stdout)")
    let keys = try server.keys(bucket: Self.bucket, prefix: "news")
    #expect(keys == Set(after.keys.map { "news/" + $0 } + ["news/.herald/deploys.json"]))
    try Self.pointersHold(server)
  }

  @Test("bad input is refused with a clear error and changes nothing in the bucket")
  func refusals() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    // The edit is built, not deployed: the bucket holds the first deploy's keys throughout.
    let (site, output, _) = try Self.deployedThenEdited(server)
    let keys = try server.keys(bucket: Self.bucket, prefix: "news")
    let wrongSecret = server.environment.merging(["AWS_SECRET_ACCESS_KEY": "wrong"]) { $1 }
    let noKeys = ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "HOME": site.url.path]
    let dead = try FreePort.take(1)[0]
    let notBuilt = try TemporaryDirectory()
    let cases: [(String, [String], [String: String], Int32, String)] = [
      (
        "a bucket URL that does not parse", ["--to", "https://bucket"], server.environment, 64,
        "is not an s3://"
      ),
      ("no credentials", [], noKeys, 64, "no credentials"),
      ("a wrong secret", [], wrongSecret, 69, "SignatureDoesNotMatch"),
      (
        "an endpoint that does not answer", ["--endpoint", "http://127.0.0.1:\(dead)"],
        server.environment, 69, "did not answer"
      ),
      (
        "a folder herald did not build", ["--output", notBuilt.url.path], server.environment, 64,
        "is not the output of herald build"
      ),
    ]
    for (what, arguments, environment, status, message) in cases {
      let result = try HeraldProcess.run(
        [
          "deploy", "--output", output.path, "--to", "s3://\(Self.bucket)/news", "--endpoint",
          server.endpoint,
        ] + arguments,
        environment: environment)
      #expect(result.status == status, "\(what): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(what): \(result.stderr)")
      #expect(!result.stderr.contains(SeaweedFS.secretKey), "\(what): the secret is never printed")
    }
    // A build holding the output's lock: the deploy does not wait for it, and sends nothing.
    do {
      let lock = try FolderLock(file: output.path + "/.herald-lock", waiting: {})
      let locked = try Self.deploy(output.path, server)
      #expect(
        locked.status == 64 && locked.stderr.contains("a build is writing"), "\(locked.stderr)")
      withExtendedLifetime(lock) {}
    }
    try FileManager.default.createDirectory(
      atPath: output.path + "/.herald-staging", withIntermediateDirectories: true)
    let writing = try Self.deploy(output.path, server)
    #expect(writing.status == 64 && writing.stderr.contains(".herald-staging"), "\(writing.stderr)")
    #expect(try server.keys(bucket: Self.bucket, prefix: "news") == keys)
    let index = try server.curl(["\(server.endpoint)/\(Self.bucket)/news/api/v1/index.json"])
    #expect(!index.body.contains("Renamed"))
  }
}

extension S3DeployTests {
  /// The bench's generated site of `count` records (Benchmarks/bench.py writes it once, into
  /// `.build/test-sites`).
  static func benchSite(_ count: Int) throws -> URL {
    // The suites run at once; the generator writes one folder.
    try benchLock.withLock { try generateBenchSite(count) }
  }

  private static let benchLock = NSLock()

  private static func generateBenchSite(_ count: Int) throws -> URL {
    let script =
      "import sys, pathlib; sys.path.insert(0, 'Benchmarks'); import bench;"
      + " bench.WORK = pathlib.Path('.build/test-sites'); print(bench.herald_site(\(count), False))"
    let result = try HeraldProcess.run(
      ["python3", "-c", script], program: URL(fileURLWithPath: "/usr/bin/env"))
    guard result.status == 0 else { throw POSIXError(.ENOENT) }
    let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    return path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : Fixtures.packageRoot.appending(path: path)
  }

  /// A site of 1,500 of the bench's records (some 2,000 files), so a deploy lasts long enough to
  /// be killed in the middle.
  static func largeSite() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    let bench = try benchSite(10_000)
    try site.write(
      "herald.yaml", try String(contentsOf: bench.appending(path: "herald.yaml"), encoding: .utf8))
    for number in 8_500..<10_000 {
      let name = String(format: "content/announcements/record-%05d.md", number)
      try site.write(name, try String(contentsOf: bench.appending(path: name), encoding: .utf8))
    }
    return site
  }

  /// The example built and deployed, then a record renamed and built again (not deployed): the
  /// site, its output, and what the deploy sent.
  static func deployedThenEdited(_ server: SeaweedFS) throws -> (
    site: TemporaryDirectory, output: URL, deployed: [String: [UInt8]]
  ) {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    let build = ["build", "--site", site.url.path, "--quiet"] + Self.now
    #expect(try HeraldProcess.run(build).status == 0)
    #expect(try Self.deploy(output.path, server).status == 0)
    let deployed = try Self.sent(output)
    let record = "content/announcements/widgets-1-10.md"
    let text = try String(contentsOfFile: site.path(record), encoding: .utf8)
    try site.write(record, text.replacingOccurrences(of: "title: ", with: "title: Renamed, "))
    #expect(try HeraldProcess.run(build).status == 0)
    return (site, output, deployed)
  }

  /// The large site built and deployed: the site, its output, and the build's arguments.
  static func deployedLargeSite(_ server: SeaweedFS) throws -> (
    site: TemporaryDirectory, output: URL, build: [String]
  ) {
    let site = try largeSite()
    let output = site.url.appending(path: "public")
    let build = ["build", "--site", site.url.path, "--quiet"] + now
    #expect(try HeraldProcess.run(build).status == 0)
    #expect(try deploy(output.path, server).status == 0)
    return (site, output, build)
  }

  /// Renames the newest record, which every manifest holds.
  static func rename(_ site: TemporaryDirectory, to title: String) throws {
    let record = "content/announcements/record-09999.md"
    let text = try String(contentsOfFile: site.path(record), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("title: ") ? "title: \(title)" : String($0)
    }
    try site.write(record, lines.joined(separator: "\n"))
  }

  /// Starts a deploy and kills it (SIGKILL) once its journal lists `puts` files put.
  static func killDeploy(
    _ output: String, _ server: SeaweedFS, afterPuts puts: Int, expectKilled: Bool = true
  ) throws {
    let process = Process()
    process.executableURL = HeraldProcess.executable
    process.arguments = [
      "deploy", "--output", output, "--to", "s3://\(bucket)/news", "--endpoint", server.endpoint,
    ]
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in server.environment { environment[key] = value }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let journal = output + "/.herald-deploy-journal"
    let deadline = Date(timeIntervalSinceNow: 60)
    while process.isRunning, Date() < deadline {
      let lines = (FileManager.default.contents(atPath: journal) ?? Data()).count { $0 == 0x0A }
      if lines > puts { break }
      usleep(1_000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    if expectKilled {
      #expect(
        process.terminationReason == .uncaughtSignal, "the deploy ended before it was killed")
    }
  }

  /// Whether a path is a pointer, which a deploy puts after the documents it names.
  static func isPointer(_ path: String) -> Bool {
    path.hasPrefix("api/v1/") && path.hasSuffix(".json") && !path.hasPrefix("api/v1/objects/")
      && path != "api/v1/manifest.schema.json"
  }

  @Test("a deploy killed at each step of its order leaves the bucket's channel whole, and resumes")
  func killedAtEachStep() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let (site, output, build) = try Self.deployedLargeSite(server)
    // Killed among the documents nothing points at yet, among the canonical manifests, and
    // before the index.
    for step in 0..<3 {
      let before = try Self.sent(output)
      try Self.rename(site, to: "Step \(step)")
      #expect(try HeraldProcess.run(build).status == 0)
      let after = try Self.sent(output)
      let changed = after.keys.filter { before[$0] != after[$0] }
      let unpointed = changed.count { !Self.isPointer($0) }
      let puts = [1, unpointed + 1, changed.count - 1][step]
      try Self.killDeploy(output.path, server, afterPuts: puts, expectKilled: false)
      try Self.pointersHold(server)
      let resumed = try Self.deploy(output.path, server)
      #expect(resumed.status == 0, "step \(step): \(resumed.stderr)")
      try Self.pointersHold(server)
      let index = try server.curl(["\(server.endpoint)/\(Self.bucket)/news/api/v1/index.json"])
      #expect(Array(index.body.utf8) == after["api/v1/index.json"], "step \(step)")
    }
  }

  @Test("at 10,000 records, a new record puts exactly the files whose bytes changed")
  func recordAddedAtScale() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let folder = try TemporaryDirectory()
    let site = folder.url.appending(path: "site")
    try FileManager.default.copyItem(
      at: try Self.benchSite(10_000), to: site)
    let output = site.appending(path: "public")
    let build = ["build", "--site", site.path, "--quiet"] + Self.now
    #expect(try HeraldProcess.run(build, timeLimit: 300).status == 0)
    #expect(try Self.deploy(output.path, server, ["--max-deletes", "0"]).status == 0)
    let before = try Self.sent(output)
    let newest = site.appending(path: "content/announcements/record-09999.md")
    let text = try String(contentsOf: newest, encoding: .utf8)
      .replacingOccurrences(of: "record-09999", with: "record-10000")
    try text.write(
      to: site.appending(path: "content/announcements/record-10000.md"), atomically: true,
      encoding: .utf8)
    #expect(try HeraldProcess.run(build, timeLimit: 300).status == 0)
    let after = try Self.sent(output)
    let changed = after.keys.filter { before[$0] != after[$0] }
    let deployed = try Self.deploy(output.path, server)
    #expect(deployed.status == 0, "\(deployed.stderr)")
    #expect(
      deployed.stdout.contains(": \(changed.count) files put")
        && deployed.stdout.contains("\(after.count - changed.count) unchanged"),
      "\(changed.count) changed: \(deployed.stdout)")
    try Self.pointersHold(server)
  }

  @Test("a killed deploy leaves every pointer whole and resumes; a second deploy meanwhile wins")
  func killedResumedAndConflicting() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let (site, output, build) = try Self.deployedLargeSite(server)

    // Killed in the middle, the bucket still serves the last deploy's channel, whole; run again,
    // the deploy sends only what it had not.
    try Self.rename(site, to: "Renamed once")
    #expect(try HeraldProcess.run(build).status == 0)
    try Self.killDeploy(output.path, server, afterPuts: 20)
    try Self.pointersHold(server)
    let resumed = try Self.deploy(output.path, server)
    #expect(resumed.status == 0 && resumed.stdout.contains("(resumed)"), "\(resumed.stdout)")
    try Self.pointersHold(server)
    let renamed = try server.curl(["\(server.endpoint)/\(Self.bucket)/news/api/v1/ios/live.json"])
    #expect(renamed.body.contains("Renamed once"))

    // A deploy that began before another one finished stops at its first pointer: 412, nothing
    // deleted, and the other's channel stands.
    try Self.rename(site, to: "Renamed by the first")
    #expect(try HeraldProcess.run(build).status == 0)
    try Self.killDeploy(output.path, server, afterPuts: 20)
    let other = try TemporaryDirectory()
    try Self.rename(site, to: "Renamed by the second")
    #expect(
      try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", other.path("public"), "--quiet"] + Self.now
      ).status == 0)
    #expect(try Self.deploy(other.path("public"), server).status == 0)
    let keys = try server.keys(bucket: Self.bucket, prefix: "news")
    let late = try Self.deploy(output.path, server)
    #expect(late.status == 75 && late.stderr.contains("another deploy"), "\(late.stderr)")
    #expect(try server.keys(bucket: Self.bucket, prefix: "news").isSuperset(of: keys))
    try Self.pointersHold(server)
    let index = try server.curl(["\(server.endpoint)/\(Self.bucket)/news/api/v1/index.json"])
    #expect(
      index.body
        == String(
          decoding: try Data(
            contentsOf: URL(fileURLWithPath: other.path("public/api/v1/index.json"))), as: UTF8.self
        ))
  }
}

/// Clients reading through a CDN while deploys run.
@Suite(
  "Deploying behind a real CDN (Varnish in front of SeaweedFS)", .serialized,
  .enabled(
    if: SeaweedFS.program != nil && Varnish.program != nil,
    "NOTE: SeaweedFS or Varnish is not installed (scripts/test installs both): skipping"))
struct CDNDeployTests {
  /// Reads the channel through the cache as an app does, again and again, until told to stop.
  ///
  /// Each read is the index, then each document it names by hash; it reads at least `least`
  /// times, and every problem is a sentence.
  final class Reader: @unchecked Sendable {
    private let lock = NSLock()
    private var stop = false
    private(set) var reads = 0
    private(set) var problems: [String] = []
    private let done = DispatchSemaphore(value: 0)
    /// The documents whose bytes were checked once (a cache keeps them as they came).
    private var verified: Set<String> = []

    func start(port: UInt16, least: Int) {
      Thread.detachNewThread { [self] in
        while !(lock.withLock { stop } && reads >= least) {
          let problem = read(port: port)
          lock.withLock {
            reads += 1
            if let problem { problems.append(problem) }
          }
        }
        done.signal()
      }
    }

    func finish() {
      lock.withLock { stop = true }
      done.wait()
    }

    func read(port: UInt16) -> String? {
      guard let index = try? RawHTTP.request("/api/v1/index.json", port: port) else {
        return "no answer"
      }
      guard index.status == 200,
        let channel = try? JSONSerialization.jsonObject(with: Data(index.body.utf8))
          as? [String: Any],
        let ios = (channel["platforms"] as? [String: Any])?["ios"] as? [String: Any]
      else { return "index.json: \(index.status)" }
      var named: [String] = []
      if let live = ios["liveObject"] as? [String: Any], let sha = live["sha256"] as? String {
        named.append(sha)
      }
      if let last = (ios["releases"] as? [[String: Any]])?.last,
        let object = last["object"] as? [String: Any], let sha = object["sha256"] as? String
      {
        named.append(sha)
      }
      for sha in named {
        // Each document's bytes are checked the first time; after that its status, as the
        // cache answers it.
        let known = lock.withLock { verified.contains(sha) }
        guard
          let answer = try? RawHTTP.request(
            "/api/v1/objects/\(sha).json", port: port, method: known ? "HEAD" : "GET")
        else { return "no answer for \(sha)" }
        guard answer.status == 200 else { return "\(sha): \(answer.status)" }
        if !known {
          guard SHA256Digest.hex(Array(answer.body.utf8)) == sha else {
            return "\(sha): other bytes"
          }
          lock.withLock { _ = verified.insert(sha) }
        }
      }
      return named.isEmpty ? "the index names no object" : nil
    }
  }

  @Test("1,000 reads through Varnish during deploys, a killed one too: never a missing document")
  func readsDuringDeploys() throws {
    let server = try SeaweedFS(bucket: S3DeployTests.bucket, publicRead: true)
    let varnish = try Varnish(
      storePort: server.port, bucket: S3DeployTests.bucket, prefix: "news")
    defer { varnish.stop() }
    let site = try S3DeployTests.largeSite()
    let output = site.url.appending(path: "public")
    let build = ["build", "--site", site.url.path, "--quiet"] + S3DeployTests.now
    let purge = ["--purge", varnish.baseURL + "{path}"]
    #expect(try HeraldProcess.run(build).status == 0)
    #expect(try S3DeployTests.deploy(output.path, server, purge).status == 0)
    let reader = Reader()
    reader.start(port: varnish.port, least: 1_000)
    for round in 1...3 {
      try S3DeployTests.rename(site, to: "Renamed \(round)")
      #expect(try HeraldProcess.run(build).status == 0)
      if round == 2 { try S3DeployTests.killDeploy(output.path, server, afterPuts: 20) }
      let deployed = try S3DeployTests.deploy(output.path, server, purge)
      #expect(deployed.status == 0, "\(deployed.stderr)")
      // Purged, the cache serves the new channel at once.
      let index = try varnish.get("/api/v1/index.json")
      let built = try String(
        contentsOf: output.appending(path: "api/v1/index.json"), encoding: .utf8)
      #expect(index.body == built, "round \(round): the cache still serves an older channel")
    }
    reader.finish()
    #expect(reader.reads >= 1_000)
    #expect(reader.problems.isEmpty, "\(reader.problems.prefix(5))")
  }
}
