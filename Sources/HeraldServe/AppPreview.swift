import Foundation

/// The app preview of `herald serve` (`/_herald/app/`): an author picks a platform, a version, a
/// time, an account's age, a user, seen ids and languages, and sees `<herald-announcements>` draw what that
/// app would show, from the channel built at that time, with `explain`'s reason for every record.
///
/// What the channel and the reasons are is the command line's to say (`decide`); this type serves
/// the pages and the client's modules.
package struct AppPreview: Sendable {
  /// Answers `/_herald/app/decide?platform=&version=&now=&account=&user=&seen=&languages=` with
  /// JSON: `{channel, platforms, input, explanation, documents}`, or `{error}`.
  package let decide: @Sendable ([String: String]) -> [UInt8]

  /// Makes the preview with what decides.
  package init(decide: @escaping @Sendable ([String: String]) -> [UInt8]) {
    self.decide = decide
  }

  /// The answer to a path under `/_herald/app/` or `/_herald/client/`, or nil for another path.
  func reply(_ request: HTTPRequest) -> HTTPResponse? {
    switch request.path {
    case "/_herald/app", "/_herald/app/":
      return Self.page(Self.controls)
    case "/_herald/app/frame":
      return Self.page(Self.frame)
    case "/_herald/app/decide":
      return HTTPResponse(
        status: 200,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
        body: decide(request.query))
    default:
      let prefix = "/_herald/client/"
      guard request.path.hasPrefix(prefix) else { return nil }
      guard let module = PreviewClient.files[String(request.path.dropFirst(prefix.count))] else {
        return .text(404, "No such module.\n")
      }
      return HTTPResponse(
        status: 200,
        headers: [
          ("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache"),
        ], body: module)
    }
  }

  private static func page(_ html: String) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array(html.utf8))
  }
}
