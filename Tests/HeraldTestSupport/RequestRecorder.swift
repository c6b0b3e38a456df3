import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback server that answers every request with 503 and keeps each request's head exactly as
/// it arrived: what a test reads to see which headers a client sends.
public final class RequestRecorder: @unchecked Sendable {
  /// The port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let heads = Heads()

  /// What the serving thread shares with the tests: not the recorder, which would then never be
  /// released (its release closes the listener, which ends the thread).
  private final class Heads: @unchecked Sendable {
    let lock = NSLock()
    var all: [String] = []
  }

  /// Starts listening on 127.0.0.1, on a port the system picks.
  public init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 16) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [heads] in Self.serve(listener, heads) }
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// The heads of the requests so far, each as its lines.
  public var requests: [String] { heads.lock.withLock { heads.all } }

  private static func serve(_ listener: Int32, _ heads: Heads) {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !bytes.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
        let count = recv(connection, &buffer, buffer.count, 0)
        if count <= 0 { break }
        bytes += buffer[0..<count]
      }
      heads.lock.withLock { heads.all.append(String(decoding: bytes, as: UTF8.self)) }
      let answer =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
      _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
      close(connection)
    }
  }
}
