import Foundation
import HeraldClient
import HeraldTestSupport
import Testing

private let now = Timestamp(seconds: 1_796_040_000)  // 2026-11-30T12:00:00Z

/// A client of the example channel on a server, with its own cache and seen store in memory.
private func client(
  _ server: ChannelServer, platform: String = "ios", version: String,
  cache: any ManifestCache = MemoryManifestCache(), seen: any SeenStore = MemorySeenStore(),
  clock: any HeraldClock = FixedClock(now), timeout: TimeInterval = 10,
  maximumBodySize: Int = 5_000_000, user: String? = "ada"
) -> HeraldClient {
  HeraldClient(
    channel: server.baseURL, platform: platform, appVersion: version, userID: user,
    configuration: HeraldConfiguration(
      transport: URLSessionTransport(timeout: timeout, maximumBodySize: maximumBodySize),
      cache: cache, seenStore: seen, clock: clock))
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
    "an unlisted version reads all.json and is walled exactly as a listed one",
    arguments: [("1.8.5", "sunset-1-8"), ("1.0.0", "sunset-1-8"), ("2.5.0", nil)]
      as [(String, String?)])
  func unlistedVersion(_ version: String, _ wall: String?) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let state = await client(server, version: version).refresh()
    #expect(state.manifest == .all)
    #expect(state.wall?.id == wall)
    #expect(server.requests(for: "/api/v1/ios/all.json").count == 1)
  }

  @Test("an unlisted version between releases gets what the neighbouring release gets")
  func hotfixMatchesRelease() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let listed = await client(server, version: "1.9.2").refresh()
    let hotfix = await client(server, version: "1.9.2.1").refresh()
    #expect(hotfix.manifest == .all && listed.manifest == .release)
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
    arguments: 0..<6)
  func faultFailsOpen(_ index: Int) async throws {
    let (name, fault) = Self.faults[index]
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let cache = MemoryManifestCache()
    let manifest = "/api/v1/ios/1.8.0.json"
    server.inject(fault, at: manifest)
    let cold = await client(server, version: "1.8.0", cache: cache, maximumBodySize: 100_000)
      .refresh()
    #expect(cold.wall == nil && cold.interruption == nil && cold.archive.isEmpty, "\(name)")
    guard case .unavailable = cold.freshness else {
      Issue.record("\(name): \(cold.freshness)")
      return
    }
    server.inject(nil, at: manifest)
    let good = await client(server, version: "1.8.0", cache: cache).refresh()
    #expect(good.wall?.id == "sunset-1-8")
    server.inject(fault, at: manifest)
    let warm = await client(server, version: "1.8.0", cache: cache, maximumBodySize: 100_000)
      .refresh()
    #expect(warm.wall == nil && warm.interruption == nil, "\(name): a cached wall is no wall")
    #expect(warm.archive.map(\.id) == good.archive.map(\.id), "\(name)")
    #expect(warm.badge == good.badge, "\(name)")
    guard case .cached = warm.freshness else {
      Issue.record("\(name): \(warm.freshness)")
      return
    }
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
    let refused = HeraldClient(
      channel: URL(string: "http://127.0.0.1:\(port)/")!, platform: "ios", appVersion: "1.8.0",
      configuration: HeraldConfiguration(
        cache: MemoryManifestCache(), seenStore: MemorySeenStore(), clock: FixedClock(now)))
    let state = await refused.refresh()
    #expect(state.wall == nil && state.archive.isEmpty)
    guard case .unavailable(.network) = state.freshness else {
      Issue.record("\(state.freshness)")
      return
    }
  }

  @Test(
    "a response that stalls past the timeout fails open at the timeout: not before, nor at its end",
    arguments: [0.5, 1.5])
  func stall(timeout: TimeInterval) async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    // The server gives up after 5 s with a 503, so a timed-out outcome means the client's timeout
    // ended the exchange first. The transport's timers run on threads of their own: that holds
    // however late this task resumes, where an upper bound on the time measured here would not
    // (the whole suite shares two cooperative threads; one such bound once read 30 s).
    server.inject(.stall(seconds: 5), at: "/api/v1/ios/1.8.0.json")
    let started = ContinuousClock.now
    let state = await client(server, version: "1.8.0", timeout: timeout).refresh()
    let elapsed = ContinuousClock.now - started
    #expect(state.freshness == .unavailable(.timedOut))
    #expect(state.wall == nil)
    // Lateness only adds to it; Linux's URLSession once fired a 0.5 s timeout at once.
    #expect(elapsed >= .seconds(timeout), "timed out after \(elapsed)")
  }

  @Test("conditional requests: a second refresh sends the ETag and a 304 keeps the rows fresh")
  func notModified() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let herald = client(server, version: "1.8.0")
    let first = await herald.refresh()
    let second = await herald.refresh()
    #expect(first == second)
    #expect(second.freshness == .fresh)
    let requests = server.requests(for: "/api/v1/ios/1.8.0.json")
    #expect(requests.map(\.status) == [200, 304])
    #expect(requests.last?.ifNoneMatch != nil)
  }

  @Test("a cold start without network shows the cached archive from disk, and nothing more")
  func coldStartFromDisk() async throws {
    let folder = try TemporaryDirectory()
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let online = await client(
      server, version: "1.9.0", cache: FileManifestCache(folder: folder.url)
    ).refresh()
    #expect(online.interruption != nil)
    server.server.stop()
    let offline = await client(
      server, version: "1.9.0", cache: FileManifestCache(folder: folder.url)
    ).refresh()
    #expect(offline.interruption == nil && offline.wall == nil)
    #expect(offline.archive.map(\.id) == online.archive.map(\.id))
  }

  @Test("two users on one device each have their own seen list")
  func twoUsers() async throws {
    let folder = try TemporaryDirectory()
    let server = try ChannelServer(site: try exampleSite(), now: now)
    let herald = client(server, version: "1.9.0", seen: FileSeenStore(folder: folder.url))
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
    #expect(first?.nextChangeAt == Timestamp("2026-11-30T12:10:00Z"))
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
}
