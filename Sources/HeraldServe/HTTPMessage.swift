/// A request as the preview server sees it: the method, the decoded path, a few headers and the
/// query.
public struct HTTPRequest: Sendable {
  /// The method, such as `GET` or `HEAD`.
  public let method: String
  /// The path, percent-decoded by the HTTP library, starting with `/`.
  public let path: String
  /// The `If-None-Match` header, if any.
  public let ifNoneMatch: String?
  /// Query arguments by name.
  public let query: [String: String]
  /// Whether the request was parked (`HTTPReply.park`) and is now asked again; it must be answered.
  public let resumed: Bool

  /// Makes a request.
  public init(
    method: String, path: String, ifNoneMatch: String? = nil, query: [String: String] = [:],
    resumed: Bool = false
  ) {
    self.method = method
    self.path = path
    self.ifNoneMatch = ifNoneMatch
    self.query = query
    self.resumed = resumed
  }
}

extension HTTPRequest {
  /// The same request, marked as asked again after it was parked.
  var resumedCopy: HTTPRequest {
    HTTPRequest(
      method: method, path: path, ifNoneMatch: ifNoneMatch, query: query, resumed: true)
  }
}

/// A response: status, headers in order, and body.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// The headers, in the order they are sent.
  public var headers: [(String, String)]
  /// The body (not sent for HEAD and 304).
  public var body: [UInt8]

  /// Makes a response.
  public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of a header, by case-insensitive name.
  public func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  /// Compares status, headers and body.
  public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.headers.map { "\($0.0): \($0.1)" } == rhs.headers.map { "\($0.0): \($0.1)" }
  }

  /// A plain-text response.
  public static func text(_ status: Int, _ text: String, headers: [(String, String)] = [])
    -> HTTPResponse
  {
    HTTPResponse(
      status: status,
      headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]
        + headers,
      body: Array(text.utf8))
  }
}
