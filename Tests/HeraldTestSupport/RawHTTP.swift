import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Sends a request exactly as written (no URL normalisation, unlike URLSession) and reads the whole
/// answer, for tests of paths such as `/../etc/passwd`.
public enum RawHTTP {
  /// Opens a TCP connection to the port on 127.0.0.1 and returns its descriptor.
  public static func connect(port: UInt16) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
    return descriptor
  }

  /// The status code and the raw response.
  public static func get(_ target: String, port: UInt16, method: String = "GET") throws -> (
    status: Int, response: String
  ) {
    let descriptor = try connect(port: port)
    defer { close(descriptor) }
    let request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    let response = String(decoding: bytes, as: UTF8.self)
    let status = Int(response.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, response)
  }

  /// An answer: status, headers by lowercased name, and body.
  public struct Answer: Sendable {
    /// The status code.
    public let status: Int
    /// The headers, by lowercased name.
    public let headers: [String: String]
    /// The body, as text.
    public let body: String
  }

  /// Sends a request with extra headers (and a `Host` of its own) and reads the whole answer,
  /// parsed.
  public static func request(
    _ target: String, port: UInt16, method: String = "GET", headers: [(String, String)] = [],
    host: String = "127.0.0.1"
  ) throws -> Answer {
    let descriptor = try connect(port: port)
    defer { close(descriptor) }
    var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts.first?.components(separatedBy: "\r\n") ?? []
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Answer(
      status: status, headers: fields, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
  }
}
