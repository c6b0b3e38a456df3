import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What libmicrohttpd's threads call: the handler, the parked requests, and the C callback that
/// finds them.
///
/// It is handed to the daemon retained, and released only once the daemon has stopped, so a
/// request that is still being answered never meets freed memory, even when the `HTTPServer`
/// itself went away inside a handler.
final class HTTPResponder: Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPReply
  let parking = ParkingLot()

  init(handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) { self.handler = handler }

  /// Whether this thread is one of a daemon's, inside a callback: such a thread may not stop its
  /// daemon, which joins its threads, and a thread that joins itself aborts the process.
  static var isDaemonThread: Bool { pthread_getspecific(daemonThreadKey) != nil }

  private static let daemonThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Marks the current thread as a daemon's for the length of `body`.
  static func asDaemonThread<T>(_ body: () -> T) -> T {
    pthread_setspecific(daemonThreadKey, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(daemonThreadKey, nil) }
    return body()
  }

  /// Whether a `Host` header names this server as only its user's browser would: `localhost` (or
  /// a name under it), or an IP address, with any port; no header (HTTP/1.0) too.
  ///
  /// A page on `evil.example` whose name an attacker then points at 127.0.0.1 (DNS rebinding)
  /// sends its own name: refused, it cannot read drafts and scheduled records through the
  /// preview. An IP address cannot be rebound, so a phone on the LAN reaching `--host 0.0.0.0` by
  /// address is served.
  static func isOwnHost(_ header: String?) -> Bool {
    guard let header, !header.isEmpty else { return true }
    var name = Substring(header.lowercased())
    if name.hasPrefix("[") {
      // [::1]:1313: an IPv6 literal, with or without a port.
      guard let end = name.firstIndex(of: "]") else { return false }
      let literal = String(name[name.index(after: name.startIndex)..<end])
      var address = in6_addr()
      return inet_pton(AF_INET6, literal, &address) == 1
    }
    if let colon = name.lastIndex(of: ":") {
      let port = name[name.index(after: colon)...]
      guard !port.isEmpty, port.allSatisfy(\.isNumber) else { return false }
      name = name[..<colon]
    }
    if name == "localhost" || name.hasSuffix(".localhost") { return true }
    var address = in_addr()
    return inet_pton(AF_INET, String(name), &address) == 1
  }

  /// Answers one request from libmicrohttpd's thread.
  ///
  /// A POST comes in several calls: its headers (the context is then set to an `UploadBody`),
  /// each piece of its body, and an empty call once the body is whole, which is answered.
  func respond(
    to connection: OpaquePointer, url: String, method: String,
    upload: (data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>?),
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
  ) -> MHD_Result {
    // A daemon started, so the library is loaded.
    guard let mhd = microhttpd else { return .NO }
    var body: [UInt8] = []
    var resumed = requestContext?.pointee != nil
    if method == "POST" {
      guard let requestContext, let size = upload.size else { return .NO }
      guard let context = requestContext.pointee else {
        requestContext.pointee = Unmanaged.passRetained(UploadBody()).toOpaque()
        return .YES
      }
      let uploaded = Unmanaged<UploadBody>.fromOpaque(context).takeUnretainedValue()
      if size.pointee > 0 {
        uploaded.append(upload.data, count: size.pointee)
        size.pointee = 0
        return .YES
      }
      guard !uploaded.tooLarge else {
        return queue(
          .text(413, "The request's body is over \(HTTPRequest.maximumBody) bytes.\n"),
          on: connection, mhd: mhd)
      }
      body = uploaded.bytes
      resumed = false
    }
    let host = herald_mhd_lookup_connection_value(mhd, connection, .HEADER_KIND, "Host")
      .map { String(cString: $0) }
    guard Self.isOwnHost(host) else {
      return queue(
        .text(
          421,
          "herald serve answers only its own addresses (localhost or an IP address), not \""
            + (host ?? "") + "\": a page on another name could read drafts through it.\n"),
        on: connection, mhd: mhd)
    }
    let request = HTTPRequest(
      method: method, path: url,
      ifNoneMatch: herald_mhd_lookup_connection_value(
        mhd, connection, .HEADER_KIND, "If-None-Match"
      ).map { String(cString: $0) },
      query: Self.query(of: connection, mhd: mhd), resumed: resumed,
      headers: Self.headers(of: connection, mhd: mhd), body: body)
    switch handler(request) {
    case .respond(let response):
      return queue(response, on: connection, mhd: mhd)
    case .park where resumed || method == "POST":
      return queue(.text(503, "The server is stopping.\n"), on: connection, mhd: mhd)
    case .park(let deadline):
      if parking.park(
        connection, until: deadline, suspend: { herald_mhd_suspend_connection(mhd, $0) })
      {
        // Any non-nil value marks the request as parked; libmicrohttpd never reads it.
        requestContext?.pointee = UnsafeMutableRawPointer(bitPattern: 1)
        return .YES
      }
      return respond(
        to: connection, url: url, method: method, upload: (nil, nil),
        requestContext: requestContext)
    }
  }

  private func queue(_ response: HTTPResponse, on connection: OpaquePointer, mhd: herald_mhd)
    -> MHD_Result
  {
    let body = response.body.isEmpty ? [UInt8(0)] : response.body
    let created = body.withUnsafeBytes { buffer in
      herald_mhd_create_response_from_buffer(
        mhd, response.body.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
        .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { herald_mhd_destroy_response(mhd, created) }
    for (name, value) in response.headers {
      _ = herald_mhd_add_response_header(mhd, created, name, value)
    }
    return herald_mhd_queue_response(mhd, connection, UInt32(response.status), created)
  }

  private static func headers(of connection: OpaquePointer, mhd: herald_mhd) -> [String: String] {
    var headers: [String: String] = [:]
    for name in HTTPRequest.keptHeaders {
      if let value = herald_mhd_lookup_connection_value(mhd, connection, .HEADER_KIND, name) {
        headers[name.lowercased()] = String(cString: value)
      }
    }
    return headers
  }

  private static func query(of connection: OpaquePointer, mhd: herald_mhd) -> [String: String] {
    let collected = QueryArguments()
    let context = Unmanaged.passUnretained(collected).toOpaque()
    _ = herald_mhd_get_connection_values(
      mhd, connection, .GET_ARGUMENT_KIND, queryArgument, context)
    return collected.values
  }
}

/// A POST's body as it arrives, up to `HTTPRequest.maximumBody` bytes (past it, only that it was
/// too large is kept); freed by `requestCompleted`, however the request ends.
final class UploadBody {
  private(set) var bytes: [UInt8] = []
  private(set) var tooLarge = false

  func append(_ data: UnsafePointer<CChar>?, count: Int) {
    guard let data, !tooLarge else { return }
    guard bytes.count + count <= HTTPRequest.maximumBody else {
      tooLarge = true
      bytes = []
      return
    }
    bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
  }
}

/// libmicrohttpd's callback when a request ends (answered, or its connection gone).
///
/// It frees a POST's body; a parked GET's context is the marker 1, which owns nothing.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
  guard let context = requestContext?.pointee, Int(bitPattern: context) != 1 else { return }
  Unmanaged<UploadBody>.fromOpaque(context).release()
  requestContext?.pointee = nil
}

/// The query arguments of one request as libmicrohttpd hands them over (decoded; the first of a
/// repeated name wins; a name without a value is empty).
private final class QueryArguments {
  var values: [String: String] = [:]
}

/// libmicrohttpd's iterator over a request's query arguments, collecting into `QueryArguments`.
private let queryArgument: MHD_KeyValueIterator = { context, _, key, value in
  guard let context, let key else { return .YES }
  let collected = Unmanaged<QueryArguments>.fromOpaque(context).takeUnretainedValue()
  let name = String(cString: key)
  if collected.values[name] == nil {
    collected.values[name] = value.map { String(cString: $0) } ?? ""
  }
  return .YES
}

/// libmicrohttpd's callback: a C function that finds the responder through its context pointer.
///
/// A request whose context is set was parked and is now resumed. The thread is marked as the
/// daemon's for the whole call, including the release of anything the handler let go of.
let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, uploadData, uploadSize, requestContext in
  guard let context, let connection, let url, let method else { return .NO }
  return HTTPResponder.asDaemonThread {
    Unmanaged<HTTPResponder>.fromOpaque(context).takeUnretainedValue().respond(
      to: connection, url: String(cString: url), method: String(cString: method),
      upload: (uploadData, uploadSize), requestContext: requestContext)
  }
}
