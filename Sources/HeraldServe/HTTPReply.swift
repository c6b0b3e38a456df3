import Foundation

/// What a handler answers: a response now, or a request held until later.
///
/// A held (parked) request costs no thread: the server suspends its connection and calls the
/// handler again, with `HTTPRequest.resumed` set, when `HTTPServer.wakeParked()` is called, when
/// the time given runs out, or when the server stops. The handler must answer a resumed request.
package enum HTTPReply: Sendable {
  /// Send this response.
  case respond(HTTPResponse)
  /// Hold the request until woken, or until this time at the latest.
  case park(until: Date)
}
