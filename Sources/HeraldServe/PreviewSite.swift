import Foundation
import HeraldCore
import HeraldFiles
import HeraldRender
import Synchronization

/// What the preview server answers: the files of the last good build, the state of the last build,
/// and the live-reload endpoints under `/_herald/`.
///
/// Every path that could leave the output folder (`..`, encoded or not, a backslash, a NUL, a
/// symbolic link that points out) is refused with 403.
package final class PreviewSite: Sendable {
  /// The folder the builds write into.
  package let root: String
  /// The builds so far, and the threads waiting for the next one.
  private let state = Mutex(BuildState())

  /// What the builds so far left: their count, the last one's problems, whether one was good, and
  /// the threads waiting for the next one (each on a semaphore of its own, signalled when it ends).
  private struct BuildState {
    var generation = 0
    var problems: [String]?
    var hasGoodBuild = false
    var waiting: [DispatchSemaphore] = []
  }

  /// The script the preview build puts in every page (`BuildOptions.Preview.liveReload`).
  package static let liveReloadTag = "<script src=\"/_herald/live-reload.js\"></script>"

  /// How long a live-reload request waits for a build before it answers anyway.
  package static let reloadWait: TimeInterval = 25

  /// The app preview (`/_herald/app/`), when the command line gives one.
  package let appPreview: AppPreview?
  /// The composer (`/_herald/compose/`), with `serve --compose`.
  package let composer: Composer?

  /// Serves the builds written into a folder, and the app preview and composer when given.
  package init(root: String, appPreview: AppPreview? = nil, composer: Composer? = nil) {
    self.root = root
    self.appPreview = appPreview
    self.composer = composer
  }

  /// The number of builds finished so far; pages reload when it grows.
  package var currentGeneration: Int { state.withLock { $0.generation } }

  /// Records the outcome of a build and wakes every page that waits to reload.
  ///
  /// `problems` is nil for a good build, or the diagnostics of a failed one (the last good output
  /// stays served).
  package func finishBuild(problems: [String]?) {
    let waiting = state.withLock { state in
      state.generation += 1
      state.problems = problems
      if problems == nil { state.hasGoodBuild = true }
      defer { state.waiting = [] }
      return state.waiting
    }
    for thread in waiting { thread.signal() }
  }

  /// Waits until a build after `generation` finishes, or the time runs out; returns the current one.
  package func waitForBuild(after seen: Int, timeout: TimeInterval) -> Int {
    let deadline = DispatchTime.now() + max(0, timeout)
    let woken = DispatchSemaphore(value: 0)
    let current = state.withLock { state -> Int? in
      guard state.generation <= seen else { return state.generation }
      state.waiting.append(woken)
      return nil
    }
    if let current { return current }
    // Signalled once the next build finishes; on a timeout it takes itself off the list.
    if woken.wait(timeout: deadline) == .timedOut {
      state.withLock { $0.waiting.removeAll { $0 === woken } }
    }
    return currentGeneration
  }

  /// Answers a request; the reload long-poll is parked until a build finishes (the server calls
  /// again, resumed, when `HTTPServer.wakeParked()` is called or the wait runs out).
  package func reply(_ request: HTTPRequest) -> HTTPReply {
    if let answer = composer?.reply(request) { return .respond(answer) }
    guard request.method == "GET" || request.method == "HEAD" else {
      return .respond(
        .text(405, "Only GET and HEAD are served.\n", headers: [("Allow", "GET, HEAD")]))
    }
    switch request.path {
    case "/_herald/live-reload.js":
      return .respond(liveReloadScript())
    case "/_herald/reload":
      let since = Int(request.query["since"] ?? "") ?? -1
      let current = currentGeneration
      guard current > since || request.resumed else {
        return .park(until: Date(timeIntervalSinceNow: Self.reloadWait))
      }
      return .respond(
        HTTPResponse(
          status: 200,
          headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
          body: Array("{\"generation\": \(current)}\n".utf8)))
    default:
      if request.path.hasPrefix("/_herald/"), let answer = appPreview?.reply(request) {
        return .respond(answer)
      }
      return .respond(file(request))
    }
  }

  /// Answers a request at once, waiting here (on the caller's thread) where `reply` would park.
  package func respond(_ request: HTTPRequest) -> HTTPResponse {
    switch reply(request) {
    case .respond(let response):
      return response
    case .park(let deadline):
      let since = Int(request.query["since"] ?? "") ?? -1
      _ = waitForBuild(after: since, timeout: deadline.timeIntervalSinceNow)
      guard case .respond(let response) = reply(request.resumedCopy) else {
        return .text(503, "Try again.\n")
      }
      return response
    }
  }

  private func liveReloadScript() -> HTTPResponse {
    let script = """
      (function () {
        var generation = \(currentGeneration);
        function wait() {
          fetch("/_herald/reload?since=" + generation, { cache: "no-store" })
            .then(function (response) { return response.json(); })
            .then(function (answer) {
              if (answer.generation > generation) { location.reload(); } else { wait(); }
            })
            .catch(function () { setTimeout(wait, 1000); });
        }
        wait();
      })();

      """
    return HTTPResponse(
      status: 200,
      headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array(script.utf8))
  }

  /// A file of the output: a folder serves its index.html, a missing file the site's 404 page.
  private func file(_ request: HTTPRequest) -> HTTPResponse {
    guard let relative = Self.safeRelativePath(request.path) else {
      return .text(403, "Forbidden: the path leaves the site.\n")
    }
    let (problems, good) = state.withLock { ($0.problems, $0.hasGoodBuild) }
    guard good else {
      return errorPage(status: 503, problems: problems ?? ["herald: the first build is running"])
    }
    var path = relative.isEmpty ? root : root + "/" + relative
    if FileSystem.kind(of: path) == .directory {
      guard request.path.hasSuffix("/") else {
        return HTTPResponse(
          status: 301, headers: [("Location", request.path + "/"), ("Cache-Control", "no-store")])
      }
      path += "/index.html"
    }
    guard isInsideRoot(path), let bytes = FileSystem.read(path) else {
      let notFound = root + "/404.html"
      let body = FileSystem.read(notFound) ?? Array("Not found\n".utf8)
      return HTTPResponse(
        status: 404,
        headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
        body: withBanner(body, isHTML: true, problems: problems))
    }
    let type = Self.contentType(path)
    let isHTML = type.hasPrefix("text/html")
    let body = withBanner(bytes, isHTML: isHTML, problems: problems)
    let tag = "\"\(ContentHash.hex(body, digits: 12))\""
    var headers = [("Content-Type", type), ("ETag", tag), ("Cache-Control", "no-cache")]
    if request.ifNoneMatch?.split(separator: ",").contains(where: {
      $0.trimmingCharacters(in: .whitespaces) == tag
        || $0.trimmingCharacters(in: .whitespaces) == "*"
    }) ?? false {
      return HTTPResponse(status: 304, headers: headers.filter { $0.0 != "Content-Type" })
    }
    headers.append(("X-Content-Type-Options", "nosniff"))
    return HTTPResponse(status: 200, headers: headers, body: body)
  }

  /// Whether a path, once symbolic links are resolved, is still inside the output folder.
  private func isInsideRoot(_ path: String) -> Bool {
    guard let resolvedRoot = realpath(root, nil), let resolved = realpath(path, nil) else {
      return false
    }
    defer {
      free(resolvedRoot)
      free(resolved)
    }
    let rootPath = String(cString: resolvedRoot)
    let filePath = String(cString: resolved)
    return filePath == rootPath || filePath.hasPrefix(rootPath + "/")
  }

  /// The path relative to the output folder, or nil when it tries to leave it.
  static func safeRelativePath(_ path: String) -> String? {
    guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\0"), !path.contains("\\")
    else { return nil }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    var kept: [Substring] = []
    for (index, segment) in segments.enumerated() {
      if segment == ".." || segment == "." { return nil }
      if segment.isEmpty && index != segments.count - 1 { return nil }
      if !segment.isEmpty { kept.append(segment) }
    }
    return kept.joined(separator: "/")
  }

  /// The content type of a file by its name.
  static func contentType(_ path: String) -> String {
    if path.hasSuffix("/feed.xml") { return "application/atom+xml" }
    switch (path as NSString).pathExtension.lowercased() {
    case "html": return "text/html; charset=utf-8"
    case "json": return "application/json"
    case "xml": return "application/xml"
    case "css": return "text/css; charset=utf-8"
    case "js": return "text/javascript; charset=utf-8"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "ico": return "image/x-icon"
    case "woff2": return "font/woff2"
    case "txt", "": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }

  /// Puts the last build's problems at the bottom of an HTML page.
  private func withBanner(_ body: [UInt8], isHTML: Bool, problems: [String]?) -> [UInt8] {
    guard isHTML, let problems else { return body }
    var page = String(decoding: body, as: UTF8.self)
    let banner = Self.banner(problems)
    if let end = page.range(of: "</body>", options: [.caseInsensitive, .backwards]) {
      page.insert(contentsOf: banner, at: end.lowerBound)
    } else {
      page += banner
    }
    return Array(page.utf8)
  }

  private static func banner(_ problems: [String]) -> String {
    "<div id=\"herald-build-errors\" style=\"position:fixed;left:0;right:0;bottom:0;"
      + "max-height:50vh;overflow:auto;margin:0;padding:12px 16px;background:#2b0b0b;"
      + "color:#ffd7d2;border-top:4px solid #e5483c;font:13px/1.45 ui-monospace,monospace;"
      + "white-space:pre-wrap;z-index:2147483647\"><strong>herald: the last build failed;"
      + " this is the last good output.</strong>\n"
      + HTMLEscaping.escape(problems.joined(separator: "\n")) + "</div>\n"
  }

  /// The page shown before any build succeeded: the problems, and the script that reloads it.
  private func errorPage(status: Int, problems: [String]) -> HTTPResponse {
    let page = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>herald: the build failed</title></head>
      <body><h1>The site does not build yet</h1>
      <pre>\(HTMLEscaping.escape(problems.joined(separator: "\n")))</pre>
      <p>Fix the problems; this page reloads by itself.</p>
      \(Self.liveReloadTag)
      </body></html>

      """
    return HTTPResponse(
      status: status,
      headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array(page.utf8))
  }
}
