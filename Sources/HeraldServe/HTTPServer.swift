import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP server over libmicrohttpd.
///
/// poll() with a small pool of threads, every request answered by a Swift handler; a handler may
/// park a request (`HTTPReply.park`) so that a long-poll waits without holding a thread. It binds
/// its socket itself, so a port in use is reported by name.
///
/// The listening socket belongs to this object from `init` until `stop`: the daemon borrows it
/// while it runs, `stop` takes it back with `MHD_quiesce_daemon` (so `MHD_stop_daemon` does not
/// close it) and closes it exactly once. Closing a descriptor twice closes whatever reused its
/// number meanwhile, in another server, another test, or libmicrohttpd's own eventfd.
package final class HTTPServer: Sendable {
  /// The address it listens on.
  package let host: String
  /// The port it listens on (the one the system chose when asked for port 0).
  package let port: UInt16
  private let responder: HTTPResponder
  private let closeSocket: @Sendable (Int32) -> Void
  /// The listening socket until `stop`, and the daemon while it runs.
  private let running: Mutex<Running>
  private var parking: ParkingLot { responder.parking }

  /// How many threads answer requests; a parked request holds none of them.
  static let threads: UInt32 = 2
  /// An idle connection is closed after this many seconds.
  static let idleTimeout: UInt32 = 30

  /// Binds the address and port (0 picks a free one); nothing is served until `start`.
  package convenience init(
    host: String, port: UInt16, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(ServeError) {
    try self.init(host: host, port: port, reply: { .respond(handler($0)) })
  }

  /// Binds the address and port with a handler that may park requests.
  package convenience init(
    host: String, port: UInt16, reply: @escaping @Sendable (HTTPRequest) -> HTTPReply
  ) throws(ServeError) {
    try self.init(host: host, port: port, reply: reply, closeSocket: { _ = close($0) })
  }

  /// Binds, with the call that closes the listening socket given (tests count it).
  package init(
    host: String, port: UInt16, reply: @escaping @Sendable (HTTPRequest) -> HTTPReply,
    closeSocket: @escaping @Sendable (Int32) -> Void
  ) throws(ServeError) {
    self.host = host
    self.responder = HTTPResponder(handler: reply)
    self.closeSocket = closeSocket
    let (descriptor, actualPort) = try Self.bind(host: host, port: port)
    self.running = Mutex(Running(socket: descriptor))
    self.port = actualPort
  }

  deinit { stop() }

  /// Starts answering requests on the bound socket.
  package func start() throws(ServeError) {
    try running.withLock { (running) throws(ServeError) in
      guard let socket = running.socket, running.daemon == nil else {
        throw .cannotStart(host, port)
      }
      guard let mhd = microhttpd else { throw .libraryMissing }
      let limit = Self.raiseDescriptorLimit()
      // The daemon holds the responder until it has stopped (released in `Shutdown.run`).
      let context = Unmanaged.passRetained(responder)
      let connections = UInt32(max(16, min(10_000, limit - 64)))
      guard
        let started = herald_mhd_start(
          mhd, socket, accessHandler, context.toOpaque(), requestCompleted, connections,
          Self.idleTimeout, Self.threads)
      else {
        context.release()
        throw .cannotStart(host, port)
      }
      running.daemon = started
    }
  }

  /// Answers every parked request now (their handlers are called again, resumed).
  package func wakeParked() { parking.wakeAll() }

  /// Waits until at least `count` requests are parked, or the time runs out (for tests).
  package func waitUntilParked(_ count: Int, timeout: TimeInterval) -> Bool {
    parking.waitUntilParked(count, timeout: timeout)
  }

  /// Stops answering and closes the listening socket.
  ///
  /// Every parked request is resumed first, so stopping never waits for a long-poll. Calling it
  /// again does nothing. Called from one of the daemon's own threads (inside a handler, or by
  /// the release of the server's last owner there), it returns at once and the stop finishes on
  /// another thread: libmicrohttpd joins its threads when it stops, and a thread cannot join
  /// itself.
  package func stop() {
    let shutdown = running.withLock { running -> Shutdown in
      defer { running = Running() }
      return Shutdown(
        daemon: running.daemon, socket: running.socket, responder: responder,
        closeSocket: closeSocket)
    }
    if HTTPResponder.isDaemonThread {
      Thread.detachNewThread { shutdown.run() }
    } else {
      shutdown.run()
    }
  }

  /// Raises the soft limit on open descriptors to the hard limit (at most 65,536), as servers do,
  /// so that many idle connections do not exhaust it; returns the limit in effect.
  private static func raiseDescriptorLimit() -> Int {
    var limits = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 1024 }
    let wanted = min(limits.rlim_max, 65_536)
    if limits.rlim_cur < wanted {
      var raised = limits
      raised.rlim_cur = wanted
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(wanted) }
    }
    return Int(limits.rlim_cur)
  }

  private static func bind(host: String, port: UInt16) throws(ServeError) -> (Int32, UInt16) {
    var ipv4 = sockaddr_in()
    var ipv6 = sockaddr_in6()
    let isIPv6 = host.contains(":")
    if isIPv6 {
      ipv6.sin6_family = sa_family_t(AF_INET6)
      ipv6.sin6_port = port.bigEndian
      guard inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 else { throw .badHost(host) }
    } else {
      ipv4.sin_family = sa_family_t(AF_INET)
      ipv4.sin_port = port.bigEndian
      guard inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 else { throw .badHost(host) }
    }
    let descriptor = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw .cannotBind(host, port, String(cString: strerror(errno))) }
    var one: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    let bound =
      isIPv6
      ? withUnsafePointer(to: &ipv6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
      : withUnsafePointer(to: &ipv4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    guard bound == 0, listen(descriptor, 512) == 0 else {
      let code = errno
      close(descriptor)
      if code == EADDRINUSE { throw .portInUse(host, port) }
      throw .cannotBind(host, port, String(cString: strerror(code)))
    }
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    let actual = withUnsafePointer(to: &address) { pointer -> UInt16 in
      isIPv6
        ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
        : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin_port)
        }
    }
    return (descriptor, actual)
  }
}

/// Why the preview server cannot run.
package enum ServeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Another program listens on the port.
  case portInUse(String, UInt16)
  /// The address is not an IPv4 or IPv6 address.
  case badHost(String)
  /// The system refused the socket.
  case cannotBind(String, UInt16, String)
  /// libmicrohttpd would not start.
  case cannotStart(String, UInt16)
  /// libmicrohttpd is not installed (it is loaded when the server starts).
  case libraryMissing

  /// A message for standard error.
  package var description: String {
    switch self {
    case .portInUse(let host, let port):
      return "port \(port) on \(host) is already in use"
    case .badHost(let host): return "--host \(host) is not an IP address"
    case .cannotBind(let host, let port, let reason):
      return "cannot listen on \(host):\(port): \(reason)"
    case .cannotStart(let host, let port):
      return "the HTTP server could not start on \(host):\(port)"
    case .libraryMissing:
      return "the preview server needs libmicrohttpd (libmicrohttpd.so.12), which cannot be loaded"
    }
  }

  /// What to do about it.
  package var hint: String? {
    switch self {
    case .portInUse:
      return "stop the other server, or pass --port with another number (0 picks a free one)"
    case .badHost: return "use 127.0.0.1, or ::1 for IPv6"
    case .libraryMissing: return "install it: apt-get install libmicrohttpd12"
    default: return nil
    }
  }
}

/// What a server holds that its start and stop change: the listening socket (nil once stopped) and
/// the daemon (nil until started).
private struct Running {
  var socket: Int32?
  var daemon: OpaquePointer?
}

/// One stop of a daemon, with everything it needs and nothing of the server, which may be gone by
/// the time it runs.
private struct Shutdown: @unchecked Sendable {
  let daemon: OpaquePointer?
  let socket: Int32?
  let responder: HTTPResponder
  let closeSocket: @Sendable (Int32) -> Void

  func run() {
    // The daemon may not stop while a connection is suspended: resume them all, and park no more.
    responder.parking.close()
    // A daemon started, so the library is loaded.
    if let daemon, let mhd = microhttpd {
      // Take the socket back, so that MHD_stop_daemon does not close it; it is closed below.
      _ = herald_mhd_quiesce_daemon(mhd, daemon)
      herald_mhd_stop_daemon(mhd, daemon)
      // The reference `start` gave the daemon: no callback can come any more.
      Unmanaged.passUnretained(responder).release()
    }
    if let socket { closeSocket(socket) }
  }
}
