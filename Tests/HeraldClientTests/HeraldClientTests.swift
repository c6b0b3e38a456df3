import Foundation
import HeraldClient
import HeraldCore
import HeraldProtocol
import HeraldTestSupport
import Testing

private let now = Timestamp(seconds: 1_796_040_000)  // 2026-11-30T12:00:00Z

/// A client of the example channel on a server, with its own cache and seen store in memory.
///
/// Its deadline is a minute unless a test is about the deadline: the whole suite shares two cores,
/// and a refresh can wait its turn for longer than an app's 10 seconds.
private func client(
  _ server: ChannelServer, platform: String = "ios", version: String,
  storage: any HeraldStorage = HeraldMemoryStorage(),
  clock: any HeraldClock = HeraldFixedClock(now), timeout: TimeInterval = 60,
  maximumBodySize: Int = 5_000_000, user: String? = "ada", engine: Engine = .platform
) -> Herald {
  Herald(
    channel: server.baseURL, platform: platform, appVersion: version, userID: user,
    configuration: HeraldConfiguration(
      timeout: timeout, transport: engine.transport(maximumBodySize: maximumBodySize),
      storage: storage, clock: clock))
}

/// Which engine fetches: the platform's (libcurl on Linux), or URLSession (Apple's) wherever
/// HeraldClient is built with it (on Linux, debug builds).
enum Engine: String, Sendable, CustomTestStringConvertible {
  case platform, urlSession

  /// The engines of this build.
  static var allCases: [Engine] {
    #if canImport(Darwin) || HERALD_URLSESSION_ON_LINUX
      [.platform, .urlSession]
    #else
      [.platform]
    #endif
  }

  func transport(
    maximumBodySize: Int, headers: [String: String] = [:], userAgent: String? = nil
  ) -> HeraldHTTPTransport {
    #if canImport(Darwin) || HERALD_URLSESSION_ON_LINUX
      if self == .urlSession {
        return HeraldHTTPTransport(
          urlSession: maximumBodySize, headers: headers, userAgent: userAgent)
      }
    #endif
    return HeraldHTTPTransport(
      maximumBodySize: maximumBodySize, headers: headers, userAgent: userAgent)
  }

  var testDescription: String { rawValue }
}

@Suite("HeraldClient against a real server: versions, faults, caching, users, time")
struct HeraldClientTests {
  @Test("a listed release reads its manifest, found by version comparison (1.0 = 1.0.0)")
  func listedRelease() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let state = await client(server, version: "1.8.0").refresh()
    #expect(state.freshness == .fresh)
    #expect(state.manifest == .release)
    #expect(state.wall?.id == "sunset-1-8")
    #expect(server.requests(for: "/api/v1/ios/1.8.0.json").count == 1)
    let spelled = await client(server, version: "1.8").refresh()
    #expect(spelled.manifest == .release, "1.8 is the release listed as 1.8.0")
    #expect(spelled.wall?.id == "sunset-1-8")
  }

  @Test(
    "an unlisted version reads live.json and is walled exactly as a listed one",
    arguments: [("1.8.5", "sunset-1-8"), ("1.0.0", "sunset-1-8"), ("2.5.0", nil)]
      as [(String, String?)])
  func unlistedVersion(_ version: String, _ wall: String?) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let state = await client(server, version: version).refresh()
    #expect(state.manifest == .live)
    #expect(state.wall?.id == wall)
    #expect(server.requests(for: "/api/v1/ios/live.json").count == 1)
  }

  @Test("an unlisted version between releases gets what the neighbouring release gets")
  func hotfixMatchesRelease() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let listed = await client(server, version: "1.9.2").refresh()
    let hotfix = await client(server, version: "1.9.2.1").refresh()
    #expect(hotfix.manifest == .live && listed.manifest == .release)
    #expect(hotfix.archive.map(\.id) == listed.archive.map(\.id))
    #expect(hotfix.interruption == listed.interruption && hotfix.badge == listed.badge)
  }

  static let faults: [(String, ChannelServer.Fault)] = [
    ("a 500", .status(500)), ("a 404", .status(404)),
    ("truncated JSON", .body(Array("{\"schemaVersion\": 1, \"scope\": \"rel".utf8))),
    ("a body that is not JSON", .body(Array("<html>maintenance</html>".utf8))),
    ("an unknown schemaVersion", .body(Array(#"{"schemaVersion": 2, "announcements": []}"#.utf8))),
    ("a huge body", .body(Array(repeating: 0x20, count: 200_000))),
  ]

  @Test(
    "every fault fails open: nothing without a cache, archive and badge only with one",
    arguments: Engine.allCases, 0..<6)
  func faultFailsOpen(_ engine: Engine, _ index: Int) async throws {
    let (name, fault) = Self.faults[index]
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let cache = HeraldMemoryStorage()
    let manifest = "/api/v1/ios/1.8.0.json"
    server.inject(fault, at: manifest)
    let cold = await client(
      server, version: "1.8.0", storage: cache, maximumBodySize: 100_000, engine: engine
    ).refresh()
    #expect(cold.wall == nil && cold.interruption == nil && cold.archive.isEmpty, "\(name)")
    guard case .unavailable = cold.freshness else {
      Issue.record("\(name): \(cold.freshness)")
      return
    }
    server.inject(nil, at: manifest)
    let good = await client(server, version: "1.8.0", storage: cache, engine: engine).refresh()
    #expect(good.wall?.id == "sunset-1-8")
    server.inject(fault, at: manifest)
    let warm = await client(
      server, version: "1.8.0", storage: cache, maximumBodySize: 100_000, engine: engine
    ).refresh()
    #expect(warm.wall == nil && warm.interruption == nil, "\(name): a cached wall is no wall")
    #expect(warm.archive.map(\.id) == good.archive.map(\.id), "\(name)")
    #expect(warm.badge == good.badge, "\(name)")
    guard case .cached = warm.freshness else {
      Issue.record("\(name): \(warm.freshness)")
      return
    }
  }

  /// 2.6 MB of gzip that decodes to 410 MB of spaces, as a manifest: the body limit holds on the
  /// decoded bytes, so the reader stops at 5 MB (URLSession on Linux decoded and queued all of it).
  @Test("a gzip bomb stops at the body limit, counted in decoded bytes")
  func gzipBomb() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    server.inject(.gzipBody(GzipBomb.body(size: 2_600_000)), at: "/api/v1/ios/1.8.0.json")
    let state = await client(server, version: "1.8.0").refresh()
    #expect(state.freshness == .unavailable(.tooLarge(5_000_000)))
    #expect(state.wall == nil)
  }

  /// 4.5 MB of gzip (under the body limit, as sent) that decodes to 720 MB, read by the binary
  /// with its address space capped at 500 MB: a reader that held the decoded body would die (the
  /// URLSession engine does: status 132), one that stops at 5 MB answers. (A child's peak memory
  /// cannot be read with wait4 here: the kernel counts the spawning test process's into it.)
  @Test("herald explain --channel reads a gzip bomb in bounded memory and fails open")
  func gzipBombExplain() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    server.inject(.gzipBody(GzipBomb.body(size: 4_500_000)), at: "/api/v1/ios/1.8.0.json")
    let bash = try #require(HeraldProcess.onPath("bash"))
    let run = try await SpawnedProcess.run(
      bash,
      [
        "-c", "ulimit -v 500000; exec \"$0\" \"$@\"", HeraldProcess.executable.path, "explain",
        "--platform", "ios", "--version", "1.8.0", "--channel", server.baseURL.absoluteString,
        "--now", "2026-11-30T12:00:00Z",
      ])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(run.stdout.contains("over the 5000000-byte limit"), "\(run.stdout)")
    #expect(run.stdout.contains("shows:   nothing"))
  }

  @Test("a failed index fails open too, and a refused connection as well")
  func indexAndConnectionFaults() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    server.inject(.status(503), at: "/api/v1/index.json")
    let index = await client(server, version: "1.8.0").refresh()
    #expect(index.wall == nil && index.archive.isEmpty)
    #expect(index.freshness == .unavailable(.status(503)))
    let port = server.server.port
    server.server.stop()
    let refused = Herald(
      channel: URL(string: "http://127.0.0.1:\(port)/")!, platform: "ios", appVersion: "1.8.0",
      configuration: HeraldConfiguration(
        timeout: 60, storage: HeraldMemoryStorage(), clock: HeraldFixedClock(now)))
    let state = await refused.refresh()
    #expect(state.wall == nil && state.archive.isEmpty)
    guard case .unavailable(let failure) = state.freshness, failure.reason == .network else {
      Issue.record("\(state.freshness)")
      return
    }
  }

  @Test(
    "a response that stalls past the timeout fails open at the timeout: not before, nor at its end",
    arguments: Engine.allCases, [0.5, 1.5])
  func stall(engine: Engine, timeout: TimeInterval) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    // The server gives up after 5 s with a 503, so a timed-out outcome means the client's timeout
    // ended the exchange first. The transport's timers run on threads of their own: that holds
    // however late this task resumes, where an upper bound on the time measured here would not
    // (the whole suite shares two cooperative threads; one such bound once read 30 s).
    server.inject(.stall(seconds: 5), at: "/api/v1/ios/1.8.0.json")
    let started = ContinuousClock.now
    let state = await client(server, version: "1.8.0", timeout: timeout, engine: engine).refresh()
    let elapsed = ContinuousClock.now - started
    #expect(state.freshness == .unavailable(.timedOut))
    #expect(state.wall == nil)
    // Lateness only adds to it; Linux's URLSession once fired a 0.5 s timeout at once.
    #expect(elapsed >= .seconds(timeout), "timed out after \(elapsed)")
  }

  @Test("an app's own headers and user agent go with every request", arguments: Engine.allCases)
  func headersAndUserAgent(engine: Engine) async throws {
    let recorder = try RequestRecorder()
    let transport = engine.transport(
      maximumBodySize: 5_000_000, headers: ["X-Api-Key": "k1"], userAgent: "Pebble/2.1 (iOS)")
    let state = await Herald(
      channel: try #require(URL(string: "http://127.0.0.1:\(recorder.port)/")), platform: "ios",
      appVersion: "1.0",
      configuration: HeraldConfiguration(
        timeout: 60, transport: transport, storage: HeraldMemoryStorage(),
        clock: HeraldFixedClock(now))
    ).refresh()
    #expect(state.freshness == .unavailable(.status(503)))
    let head = try #require(recorder.requests.first).lowercased()
    #expect(head.hasPrefix("get /api/v1/index.json http/1.1\r\n"))
    #expect(head.contains("\r\nx-api-key: k1\r\n"))
    #expect(head.contains("\r\nuser-agent: pebble/2.1 (ios)\r\n"))
  }

  /// Each document within the timeout, the two together past it: one deadline for the refresh,
  /// not one per document (an app waits for the refresh, not for each fetch).
  @Test("a whole refresh has one deadline", arguments: Engine.allCases)
  func oneDeadline(engine: Engine) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    server.inject(.delay(seconds: 0.8), at: "/api/v1/index.json")
    server.inject(.delay(seconds: 0.8), at: "/api/v1/ios/1.8.0.json")
    let state = await client(server, version: "1.8.0", timeout: 1.2, engine: engine).refresh()
    #expect(state.freshness == .unavailable(.timedOut))
    #expect(state.wall == nil)
  }

  @Test(
    "conditional requests: a second refresh sends the ETag and a 304 keeps the rows fresh",
    arguments: Engine.allCases)
  func notModified(engine: Engine) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let herald = client(server, version: "1.8.0", engine: engine)
    let first = await herald.refresh()
    let second = await herald.refresh()
    #expect(first == second)
    #expect(second.freshness == .fresh)
    let requests = server.requests(for: "/api/v1/ios/1.8.0.json")
    #expect(requests.map(\.status) == [200, 304])
    #expect(requests.last?.ifNoneMatch != nil)
  }

  @Test(
    "with content-addressed documents a poll when nothing changed is one request of the index: 304",
    arguments: Engine.allCases)
  func objectsAreNeverRevalidated(engine: Engine) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now, objects: true)
    let storage = HeraldMemoryStorage()
    let herald = client(server, version: "1.8.0", storage: storage, engine: engine)
    let first = await herald.refresh()
    let second = await herald.refresh()
    #expect(first == second && second.freshness == .fresh && second.wall?.id == "sunset-1-8")
    let objectPaths = server.requestedPaths.filter { $0.hasPrefix("/api/v1/objects/") }
    #expect(objectPaths.count == 1, "the object is fetched once: \(objectPaths)")
    #expect(server.requests(for: "/api/v1/index.json").map(\.status) == [200, 304])
    #expect(server.requests(for: "/api/v1/ios/1.8.0.json").isEmpty)
    // Another launch with the same storage asks for the index only.
    let relaunched = await client(server, version: "1.8.0", storage: storage, engine: engine)
      .refresh()
    #expect(relaunched.freshness == .fresh && relaunched.wall?.id == "sunset-1-8")
    #expect(server.requestedPaths.count == 4, "\(server.requestedPaths)")
  }

  @Test("a cold start without network shows the cached archive from disk, and nothing more")
  func coldStartFromDisk() async throws {
    let folder = try TemporaryDirectory()
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let online = await client(
      server, version: "1.9.0", storage: HeraldFileStorage(folder: folder.url)
    ).refresh()
    #expect(online.interruption != nil)
    server.server.stop()
    let offline = await client(
      server, version: "1.9.0", storage: HeraldFileStorage(folder: folder.url)
    ).refresh()
    #expect(offline.interruption == nil && offline.wall == nil)
    #expect(offline.archive.map(\.id) == online.archive.map(\.id))
  }

  @Test("two users on one device each have their own seen list")
  func twoUsers() async throws {
    let folder = try TemporaryDirectory()
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let herald = client(server, version: "1.9.0", storage: HeraldFileStorage(folder: folder.url))
    let first = await herald.refresh()
    let shown = try #require(first.interruption?.message.id)
    let marked = await herald.markSeen(shown)
    #expect(marked.interruption?.message.id != shown)
    #expect(marked.badge == first.badge - 1)
    let other = await herald.setUser("grace", accountCreatedAt: nil)
    #expect(other.interruption?.message.id == shown, "another user has not seen it")
    let back = await herald.setUser("ada", accountCreatedAt: nil)
    #expect(back.interruption?.message.id != shown)
    #expect(back.archive.first { $0.id == shown }?.seen == true)
  }

  @Test("the state stream wakes at nextChangeAt: an expiring message leaves on time")
  func nextChangeAt() async throws {
    let (expiring, folder) = try site([
      "herald.yaml": """
      title: T
      baseURL: https://t.example/
      author: A
      platforms:
        ios:
          releases: [1.0.0]

      """,
      "content/announcements/soon-gone.md": """
      ---
      id: soon-gone
      title: Going soon
      severity: INFO
      kind: NOTICE
      publishAt: 2026-11-01
      expiresAt: 2026-11-30T12:10:00Z
      ---
      Until ten past noon.

      """,
    ])
    defer { withExtendedLifetime(folder) {} }
    let server = try ChannelServer(site: expiring, now: now)
    let clock = ManualClock(now.foundationDate)
    let herald = client(server, version: "1.0.0", clock: clock)
    var states = herald.states().makeAsyncIterator()
    let first = await states.next()
    #expect(first?.interruption?.message.id == "soon-gone")
    #expect(first?.nextChangeAt == Timestamp("2026-11-30T12:10:00Z")?.foundationDate)
    // It polls at the manifest's max-age (5 min), then wakes at the change itself.
    let poll = try #require(await clock.nextWake())
    #expect(poll == Timestamp("2026-11-30T12:05:00Z")?.foundationDate)
    clock.advance(to: poll)
    let change = try #require(await clock.nextWake())
    #expect(change == Timestamp("2026-11-30T12:10:00Z")?.foundationDate, "it wakes at nextChangeAt")
    clock.advance(to: change)
    let second = await states.next()
    #expect(second?.interruption == nil)
    #expect(second?.archive.isEmpty == true)
  }

  @Test("close() ends every states() stream, and later refreshes fetch nothing")
  func closeStopsEverything() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let clock = ManualClock(now.foundationDate)
    let herald = client(server, version: "1.8.0", clock: clock)
    var states = herald.states().makeAsyncIterator()
    let first = await states.next()
    #expect(first?.wall?.id == "sunset-1-8")
    _ = try #require(await clock.nextWake(), "it waits to poll")
    await herald.close()
    #expect(await states.next() == nil, "the stream has ended")
    let fetched = server.requests(for: "/api/v1/ios/1.8.0.json").count
    let after = await herald.refresh()
    #expect(after.wall?.id == "sunset-1-8", "it still decides from what it has")
    #expect(server.requests(for: "/api/v1/ios/1.8.0.json").count == fetched, "nothing fetched")
    var late = herald.states().makeAsyncIterator()
    #expect(await late.next() == nil, "a stream asked for after close() ends at once")
  }
}
