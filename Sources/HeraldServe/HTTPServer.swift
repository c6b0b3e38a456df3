import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP server over libmicrohttpd.
///
/// One thread per connection, every request answered by a Swift handler; it binds its socket
/// itself, so a port in use is reported by name.
public final class HTTPServer: @unchecked Sendable {
  /// The address it listens on.
  public let host: String
  /// The port it listens on (the one the system chose when asked for port 0).
  public let port: UInt16
  private let handler: @Sendable (HTTPRequest) -> HTTPResponse
  private let socket: Int32
  private var daemon: OpaquePointer?
  private let lock = NSLock()

  /// Binds the address and port (0 picks a free one); nothing is served until `start`.
  public init(
    host: String, port: UInt16, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  )
    throws(ServeError)
  {
    self.host = host
    self.handler = handler
    (socket, self.port) = try Self.bind(host: host, port: port)
  }

  deinit {
    stop()
    close(socket)
  }

  /// Starts answering requests on the bound socket.
  public func start() throws(ServeError) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    let started = herald_mhd_start(socket, accessHandler, context, 1000, 120)
    guard let started else { throw .cannotStart(host, port) }
    lock.withLock { daemon = started }
  }

  /// Stops answering; a request in progress is finished first.
  public func stop() {
    let running = lock.withLock { () -> OpaquePointer? in
      defer { daemon = nil }
      return daemon
    }
    if let running { MHD_stop_daemon(running) }
  }

  /// Answers one request from libmicrohttpd's thread.
  fileprivate func respond(
    to connection: OpaquePointer, url: String, method: String
  ) -> MHD_Result {
    let ifNoneMatch = MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match")
      .map { String(cString: $0) }
    var query: [String: String] = [:]
    for name in ["since"] {
      if let value = MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name) {
        query[name] = String(cString: value)
      }
    }
    let response = handler(
      HTTPRequest(method: method, path: url, ifNoneMatch: ifNoneMatch, query: query))
    let body = response.body.isEmpty ? [UInt8(0)] : response.body
    let created = body.withUnsafeBytes { buffer in
      MHD_create_response_from_buffer(
        response.body.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
        .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers { _ = MHD_add_response_header(created, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), created)
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

/// libmicrohttpd's callback: a C function that finds the server through its context pointer.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, _, _, _ in
  guard let context, let connection, let url, let method else { return .NO }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  return server.respond(to: connection, url: String(cString: url), method: String(cString: method))
}

/// Why the preview server cannot run.
public enum ServeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Another program listens on the port.
  case portInUse(String, UInt16)
  /// The address is not an IPv4 or IPv6 address.
  case badHost(String)
  /// The system refused the socket.
  case cannotBind(String, UInt16, String)
  /// libmicrohttpd would not start.
  case cannotStart(String, UInt16)

  /// A message for standard error.
  public var description: String {
    switch self {
    case .portInUse(let host, let port):
      return "port \(port) on \(host) is already in use"
    case .badHost(let host): return "--host \(host) is not an IP address"
    case .cannotBind(let host, let port, let reason):
      return "cannot listen on \(host):\(port): \(reason)"
    case .cannotStart(let host, let port):
      return "the HTTP server could not start on \(host):\(port)"
    }
  }

  /// What to do about it.
  public var hint: String? {
    switch self {
    case .portInUse:
      return "stop the other server, or pass --port with another number (0 picks a free one)"
    case .badHost: return "use 127.0.0.1, or ::1 for IPv6"
    default: return nil
    }
  }
}
