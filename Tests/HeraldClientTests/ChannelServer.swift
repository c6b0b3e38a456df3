import Foundation
import HeraldClient
import HeraldContent
import HeraldCore
import HeraldProtocol
import HeraldRender
import HeraldServe
import HeraldTestSupport

/// A real HTTP server on loopback serving a channel built from a site, with faults injected per
/// path: what the client meets on a bad day.
final class ChannelServer: @unchecked Sendable {
  /// What to do instead of serving a path.
  enum Fault: Sendable {
    case status(Int)
    /// Holds the request for that many seconds (or until the server stops), then answers 503.
    case stall(seconds: TimeInterval)
    /// Holds the request for that many seconds, then answers it as usual.
    case delay(seconds: TimeInterval)
    case body([UInt8])
    /// Served as gzip (`Content-Encoding: gzip`), which the client decodes.
    case gzipBody([UInt8])
  }

  let server: HTTPServer
  private let lock = NSLock()
  private var documents: [String: [UInt8]] = [:]
  private var faults: [String: Fault] = [:]
  private(set) var requests: [(path: String, ifNoneMatch: String?, status: Int)] = []

  /// Whether the channel names content-addressed documents (DESIGN §3), as herald builds it now;
  /// without them it is a channel built before, which readers read by the canonical URLs.
  let objects: Bool

  /// Starts a server and publishes a site's channel on it, built at a time.
  init(site: Site, now: Timestamp, objects: Bool = false) throws {
    self.objects = objects
    let holder = Holder()
    server = try HTTPServer(
      host: "127.0.0.1", port: 0, reply: { holder.server?.reply($0) ?? .respond(.text(503, "")) })
    holder.server = self
    try publish(site: site, now: now)
    try server.start()
  }

  deinit { server.stop() }

  /// The channel's base URL.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)/") ?? URL(fileURLWithPath: "/") }

  /// Publishes a site's channel (replacing the one served), as a rebuild does.
  func publish(site: Site, now: Timestamp) throws {
    let manifests = ChannelManifests(
      site: site, options: BuildOptions(now: now, baseURL: baseURL.absoluteString))
    let prefix = baseURL.absoluteString
    var byPath: [String: [UInt8]] = [:]
    for (url, bytes) in try manifests.documents(objects: objects) {
      byPath["/" + url.dropFirst(prefix.count)] = bytes
    }
    lock.withLock { documents = byPath }
  }

  /// Makes a path fail (or stop failing, with nil).
  func inject(_ fault: Fault?, at path: String) { lock.withLock { faults[path] = fault } }

  /// Every path asked for, in order.
  var requestedPaths: [String] { lock.withLock { requests.map(\.path) } }

  /// The requests for a path so far.
  func requests(for path: String) -> [(ifNoneMatch: String?, status: Int)] {
    lock.withLock { requests.filter { $0.path == path }.map { ($0.ifNoneMatch, $0.status) } }
  }

  private func reply(_ request: HTTPRequest) -> HTTPReply {
    let (fault, body) = lock.withLock { (faults[request.path], documents[request.path]) }
    func log(_ status: Int) {
      lock.withLock { requests.append((request.path, request.ifNoneMatch, status)) }
    }
    switch fault {
    case .stall(let seconds)?:
      guard request.resumed else { return .park(until: Date(timeIntervalSinceNow: seconds)) }
      log(503)
      return .respond(.text(503, "stalled\n"))
    case .delay(let seconds)?:
      guard request.resumed else { return .park(until: Date(timeIntervalSinceNow: seconds)) }
    case .status(let status)?:
      log(status)
      return .respond(.text(status, "fault\n"))
    case .body(let bytes)?:
      log(200)
      return .respond(
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: bytes))
    case .gzipBody(let bytes)?:
      log(200)
      return .respond(
        HTTPResponse(
          status: 200,
          headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
          body: bytes))
    case nil:
      break
    }
    guard let body else {
      log(404)
      return .respond(.text(404, "not found\n"))
    }
    let etag = "\"\(ContentHash.hex(body))\""
    let headers = [("Cache-Control", "public, max-age=300"), ("ETag", etag)]
    if request.ifNoneMatch == etag {
      log(304)
      return .respond(HTTPResponse(status: 304, headers: headers))
    }
    log(200)
    return .respond(
      HTTPResponse(
        status: 200, headers: headers + [("Content-Type", "application/json")], body: body))
  }

  private final class Holder: @unchecked Sendable {
    weak var server: ChannelServer?
  }
}

/// A clock the test moves by hand; a sleeper waits until the test moves it past its time.
final class ManualClock: HeraldClock, @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date
  private var sleepers: [(until: Date, continuation: CheckedContinuation<Void, any Error>)] = []
  /// Tests waiting in `nextWake` for something to sleep, by a number that lets a timeout find them.
  private var watchers: [Int: CheckedContinuation<Date?, Never>] = [:]
  private var nextWatcher = 0
  /// Watchers whose time ran out before they were registered.
  private var expired: Set<Int> = []

  init(_ start: Date) { current = start }

  func now() -> Date { lock.withLock { current } }

  func sleep(until date: Date) async throws {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      let (ready, watching) = lock.withLock {
        () -> (Bool, [CheckedContinuation<Date?, Never>]) in
        if date <= current { return (true, []) }
        sleepers.append((date, continuation))
        defer { watchers = [:] }
        return (false, Array(watchers.values))
      }
      if ready { continuation.resume() }
      for watcher in watching { watcher.resume(returning: date) }
    }
  }

  /// Moves the clock and wakes every sleeper whose time has come.
  func advance(to date: Date) {
    let woken = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
      current = date
      let due = sleepers.filter { $0.until <= date }
      sleepers.removeAll { $0.until <= date }
      return due.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// When the next sleeper will wake, as soon as something sleeps on the clock; nil after
  /// `timeout` seconds without one.
  ///
  /// It suspends rather than blocks: the client it waits for runs on the same cooperative
  /// threads, of which a two-core machine has two, and a blocked one could starve it. The
  /// timeout only ends a test that has already failed, so it is long: with the whole suite on
  /// those two threads, the client's next step can wait half a minute for its turn.
  func nextWake(timeout: TimeInterval = 300) async -> Date? {
    let number = lock.withLock { () -> Int in
      nextWatcher += 1
      return nextWatcher
    }
    let timer = Task {
      try? await Task.sleep(for: .seconds(timeout))
      let watcher = lock.withLock { () -> CheckedContinuation<Date?, Never>? in
        guard let watcher = watchers.removeValue(forKey: number) else {
          expired.insert(number)
          return nil
        }
        return watcher
      }
      watcher?.resume(returning: nil)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Date?, Never>) in
      let answer = lock.withLock { () -> Date?? in
        if let earliest = sleepers.map(\.until).min() { return .some(earliest) }
        if expired.remove(number) != nil { return .some(nil) }
        watchers[number] = continuation
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }
}

/// The example site of the repository, loaded.
func exampleSite() throws -> Site {
  let loaded = try SiteLoader(siteDirectory: Fixtures.packageRoot.path).load()
  guard let site = loaded.site() else { throw SiteLoadError.unreadable("the example has errors") }
  return site
}

/// A site written into a temporary folder, loaded.
func site(_ files: [String: String]) throws -> (Site, TemporaryDirectory) {
  let folder = try TemporaryDirectory()
  for (path, text) in files { try folder.write(path, text) }
  let loaded = try SiteLoader(siteDirectory: folder.url.path).load()
  guard let site = loaded.site() else {
    throw SiteLoadError.unreadable("\(loaded.diagnostics.map(\.description))")
  }
  return (site, folder)
}
