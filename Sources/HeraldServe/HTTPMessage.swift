/// A request as the preview server sees it: the method, the decoded path, a few headers and the
/// query.
package struct HTTPRequest: Sendable {
  /// The method, such as `GET` or `HEAD`.
  package let method: String
  /// The path, percent-decoded by the HTTP library, starting with `/`.
  package let path: String
  /// The `If-None-Match` header, if any.
  package let ifNoneMatch: String?
  /// Query arguments by name.
  package let query: [String: String]
  /// Whether the request was parked (`HTTPReply.park`) and is now asked again; it must be answered.
  package let resumed: Bool
  /// The headers a handler may check (`Host`, `Origin`, `Content-Type`, `X-Herald-Token`), by
  /// lowercase name.
  package let headers: [String: String]
  /// The body of a POST (at most `HTTPRequest.maximumBody` bytes; a larger one is refused with
  /// 413 before any handler sees it).
  package let body: [UInt8]

  /// The largest body a request may send.
  package static let maximumBody = 1 << 20

  /// The headers kept for handlers.
  static let keptHeaders = ["Host", "Origin", "Content-Type", "X-Herald-Token"]

  /// Makes a request.
  package init(
    method: String, path: String, ifNoneMatch: String? = nil, query: [String: String] = [:],
    resumed: Bool = false, headers: [String: String] = [:], body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.ifNoneMatch = ifNoneMatch
    self.query = query
    self.resumed = resumed
    self.headers = headers
    self.body = body
  }
}

/// A response: status, headers in order, and body.
package struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  package var status: Int
  /// The headers, in the order they are sent.
  package var headers: [(String, String)]
  /// The body (not sent for HEAD and 304).
  package var body: [UInt8]

  /// Makes a response.
  package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of a header, by case-insensitive name.
  package func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  /// Compares status, headers and body.
  package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.headers.map { "\($0.0): \($0.1)" } == rhs.headers.map { "\($0.0): \($0.1)" }
  }

  /// A plain-text response.
  package static func text(_ status: Int, _ text: String, headers: [(String, String)] = [])
    -> HTTPResponse
  {
    HTTPResponse(
      status: status,
      headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]
        + headers,
      body: Array(text.utf8))
  }
}

extension HTTPRequest {
  /// The same request, marked as asked again after it was parked.
  var resumedCopy: HTTPRequest {
    HTTPRequest(
      method: method, path: path, ifNoneMatch: ifNoneMatch, query: query, resumed: true,
      headers: headers, body: body)
  }
}
