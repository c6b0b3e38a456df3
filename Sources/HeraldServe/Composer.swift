import Foundation

/// The composer of `herald serve --compose` (`/_herald/compose/`, DESIGN §11): the page a product
/// manager writes an announcement in, and the calls it makes.
///
/// Every call is a POST of JSON carrying the page's token (`X-Herald-Token`) from the server's own
/// origin: a page on another site (or another port) cannot make the composer write, even on a
/// machine whose browser has the composer open. What the calls answer is the command line's to
/// say (`answer`); this type checks who asks and serves the page.
package struct Composer: Sendable {
  /// The secret the page carries; a call without it is refused.
  package let token: String
  /// Answers a call (`site`, `open`, `check`, `save`) with a status and JSON.
  package let answer: @Sendable (_ call: String, _ request: JSONText) -> (Int, [UInt8])
  /// The record schema the form is made from (`schemas/record.schema.json`).
  package let schema: [UInt8]

  /// A request's body, as text the answer parses.
  package typealias JSONText = [UInt8]

  /// Makes the composer with a fresh token.
  package init(
    schema: [UInt8],
    answer: @escaping @Sendable (_ call: String, _ request: JSONText) -> (Int, [UInt8])
  ) {
    var generator = SystemRandomNumberGenerator()
    token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator))
    }
    .joined()
    self.schema = schema
    self.answer = answer
  }

  /// The answer to a path under `/_herald/compose/`, or nil for another path.
  func reply(_ request: HTTPRequest) -> HTTPResponse? {
    let prefix = "/_herald/compose/"
    guard request.path == "/_herald/compose" || request.path.hasPrefix(prefix) else { return nil }
    let rest = request.path.dropFirst(min(prefix.count, request.path.count))
    switch rest {
    case "" where request.method == "GET" || request.method == "HEAD":
      return HTTPResponse(
        status: 200,
        headers: Self.pageHeaders + [("Content-Type", "text/html; charset=utf-8")],
        body: Array(Self.page.replacingOccurrences(of: "{{token}}", with: token).utf8))
    case "record.schema.json":
      return HTTPResponse(
        status: 200,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
        body: schema)
    default:
      let call = String(rest.dropFirst("api/".count))
      guard rest.hasPrefix("api/"), !call.isEmpty else { return .text(404, "No such page.\n") }
      if let refusal = refusal(request) { return refusal }
      let (status, body) = answer(call, request.body)
      return HTTPResponse(
        status: status,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
        body: body)
    }
  }

  /// Why a call is refused, or nil: not a POST of JSON, not from this server's own page (its
  /// `Origin`, its token).
  func refusal(_ request: HTTPRequest) -> HTTPResponse? {
    guard request.method == "POST" else {
      return .text(405, "The composer's calls are POSTs.\n", headers: [("Allow", "POST")])
    }
    guard let host = request.headers["host"], let origin = request.headers["origin"],
      origin == "http://" + host
    else {
      return .text(
        403, "The composer answers only its own page (the request's Origin is not it).\n")
    }
    guard let given = request.headers["x-herald-token"], Self.same(given, token) else {
      return .text(403, "The composer answers only its own page (no token, or not its token).\n")
    }
    guard request.headers["content-type"]?.hasPrefix("application/json") == true else {
      return .text(415, "The composer's calls send JSON.\n")
    }
    return nil
  }

  /// Compares in time that does not depend on where the texts differ.
  private static func same(_ given: String, _ token: String) -> Bool {
    let (a, b) = (Array(given.utf8), Array(token.utf8))
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// The page is never framed by another page, and never cached.
  static let pageHeaders: [(String, String)] = [
    ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "frame-ancestors 'none'"), ("Referrer-Policy", "no-referrer"),
  ]
}
