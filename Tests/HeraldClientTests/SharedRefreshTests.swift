import Foundation
import HeraldClient
import HeraldCore
import HeraldProtocol
import HeraldTestSupport
import Testing

private let instant = Timestamp(seconds: 1_796_040_000)  // 2026-11-30T12:00:00Z

/// Holds every fetch until opened, and tells the test when one is waiting.
private final class GatedTransport: HeraldTransport, @unchecked Sendable {
  private let inner: any HeraldTransport
  private let lock = NSLock()
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private(set) var fetched: [String] = []
  let arrivals: AsyncStream<String>
  private let arrival: AsyncStream<String>.Continuation

  init(_ inner: any HeraldTransport) {
    self.inner = inner
    (arrivals, arrival) = AsyncStream.makeStream()
  }

  func fetch(_ request: HeraldRequest) async -> HeraldResponse {
    lock.withLock { fetched.append(request.url.path) }
    await withCheckedContinuation { continuation in
      let proceed = lock.withLock {
        if !isOpen { waiting.append(continuation) }
        return isOpen
      }
      arrival.yield(request.url.path)
      if proceed { continuation.resume() }
    }
    return await inner.fetch(request)
  }

  func open() {
    let released = lock.withLock {
      isOpen = true
      defer { waiting = [] }
      return waiting
    }
    for continuation in released { continuation.resume() }
  }
}

/// A fixed clock that tells the test each time the client reads it: `refresh()` reads it first,
/// before anything else can run on the client.
private final class SignallingClock: HeraldClock, @unchecked Sendable {
  let reads: AsyncStream<Void>
  private let read: AsyncStream<Void>.Continuation

  init() { (reads, read) = AsyncStream.makeStream() }

  func now() -> Date {
    read.yield()
    return instant.foundationDate
  }
  func sleep(until date: Date) async throws { try Task.checkCancellation() }
}

@Suite("HeraldClient: refreshes at once")
struct SharedRefreshTests {
  @Test("two refreshes at once share one fetch and give the same state")
  func concurrentRefreshesShareOneFetch() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: instant)
    let transport = GatedTransport(HeraldHTTPTransport())
    let clock = SignallingClock()
    let herald = Herald(
      channel: server.baseURL, platform: "ios", appVersion: "1.8.0", userID: "ada",
      configuration: HeraldConfiguration(
        timeout: 60, transport: transport, storage: HeraldMemoryStorage(), clock: clock))
    var reads = clock.reads.makeAsyncIterator()
    var arrivals = transport.arrivals.makeAsyncIterator()

    let first = Task { await herald.refresh() }
    _ = await reads.next()
    #expect(await arrivals.next() == "/api/v1/index.json")
    let second = Task { await herald.refresh() }
    // The second refresh has read the clock: it is past the point where it joins or fetches.
    _ = await reads.next()
    transport.open()
    let (a, b) = (await first.value, await second.value)

    #expect(a == b)
    #expect(a.freshness == .fresh)
    #expect(transport.fetched == ["/api/v1/index.json", "/api/v1/ios/1.8.0.json"])
    let third = await herald.refresh()
    #expect(third == a)
    #expect(transport.fetched.count == 4, "a refresh after the shared one fetches again")
  }
}
