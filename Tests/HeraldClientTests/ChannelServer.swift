import Foundation
import HeraldClient
import HeraldContent
import HeraldRender
import HeraldServe
import HeraldTestSupport

/// A real HTTP server on loopback serving a channel built from a site, with faults injected per
/// path: what the client meets on a bad day.
final class ChannelServer: @unchecked Sendable {
  /// What to do instead of serving a path.
  enum Fault: Sendable {
    case status(Int)
    /// Never answers (until the server stops).
    case stall
    case body([UInt8])
  }

  let server: HTTPServer
  private let lock = NSLock()
  private var documents: [String: [UInt8]] = [:]
  private var faults: [String: Fault] = [:]
  private(set) var requests: [(path: String, ifNoneMatch: String?, status: Int)] = []

  /// Starts a server and publishes a site's channel on it, built at a time.
  init(site: Site, now: Timestamp) throws {
    let holder = Holder()
    server = try HTTPServer(
      host: "127.0.0.1", port: 0, reply: { holder.server?.reply($0) ?? .respond(.text(503, "")) })
    holder.server = self
    publish(site: site, now: now)
    try server.start()
  }

  deinit { server.stop() }

  /// The channel's base URL.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)/") ?? URL(fileURLWithPath: "/") }

  /// Publishes a site's channel (replacing the one served), as a rebuild does.
  func publish(site: Site, now: Timestamp) {
    let manifests = ChannelManifests(
      site: site, options: BuildOptions(now: now, baseURL: baseURL.absoluteString))
    let prefix = baseURL.absoluteString
    var byPath: [String: [UInt8]] = [:]
    for (url, bytes) in manifests.documents() { byPath["/" + url.dropFirst(prefix.count)] = bytes }
    lock.withLock { documents = byPath }
  }

  /// Makes a path fail (or stop failing, with nil).
  func inject(_ fault: Fault?, at path: String) { lock.withLock { faults[path] = fault } }

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
    case .stall?:
      guard request.resumed else { return .park(until: .distantFuture) }
      return .respond(.text(503, "stopping\n"))
    case .status(let status)?:
      log(status)
      return .respond(.text(status, "fault\n"))
    case .body(let bytes)?:
      log(200)
      return .respond(
        HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: bytes))
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
  private let condition = NSCondition()
  private var current: Date
  private var sleepers: [(until: Date, continuation: CheckedContinuation<Void, any Error>)] = []

  init(_ start: Date) { current = start }

  func now() -> Date { condition.withLock { current } }

  func sleep(until date: Date) async throws {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      let ready = condition.withLock { () -> Bool in
        if date <= current { return true }
        sleepers.append((date, continuation))
        condition.broadcast()
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Moves the clock and wakes every sleeper whose time has come.
  func advance(to date: Date) {
    let woken = condition.withLock { () -> [CheckedContinuation<Void, any Error>] in
      current = date
      let due = sleepers.filter { $0.until <= date }
      sleepers.removeAll { $0.until <= date }
      return due.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Waits (on a real thread) until something sleeps on the clock, and returns when it will wake.
  func nextWake(timeout: TimeInterval = 10) -> Date? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while sleepers.isEmpty {
      guard condition.wait(until: deadline) else { return nil }
    }
    return sleepers.map(\.until).min()
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
