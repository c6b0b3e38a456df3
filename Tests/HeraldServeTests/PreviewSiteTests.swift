import Foundation
import HeraldServe
import HeraldTestSupport
import Synchronization
import Testing

@Suite("What the preview server answers")
struct PreviewSiteTests {
  /// A built tree in a temporary folder, served by a PreviewSite after one good build.
  func served() throws -> (TemporaryDirectory, PreviewSite) {
    let folder = try TemporaryDirectory()
    try folder.write("site/index.html", "<!DOCTYPE html><html><body><p>archive</p></body></html>\n")
    try folder.write("site/404.html", "<!DOCTYPE html><html><body>not found</body></html>\n")
    try folder.write("site/feed.xml", "<feed/>\n")
    try folder.write("site/api/v1/ios/1.0.0.json", "{}\n")
    try folder.write("site/assets/herald.css", "body{}\n")
    try folder.write("site/assets/icon.svg", "<svg/>\n")
    try folder.write("site/announcements/a/index.html", "<html><body>a</body></html>\n")
    try folder.write("outside.txt", "secret\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("site/escape.txt"), withDestinationPath: folder.path("outside.txt"))
    let site = PreviewSite(root: folder.path("site"))
    site.finishBuild(problems: nil)
    return (folder, site)
  }

  @Test(
    "paths that try to leave the output are refused",
    arguments: [
      "/../outside.txt", "/a/../../outside.txt", "/./index.html", "//etc/passwd", "/assets\\..\\x",
      "/x\0y", "relative", "/announcements/../index.html",
    ])
  func traversal(_ path: String) throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    #expect(site.respond(HTTPRequest(method: "GET", path: path)).status == 403)
  }

  @Test("a symbolic link that points out of the output is not followed")
  func symlinkOut() throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    let response = site.respond(HTTPRequest(method: "GET", path: "/escape.txt"))
    #expect(response.status == 404)
    #expect(!String(decoding: response.body, as: UTF8.self).contains("secret"))
  }

  @Test(
    "content types",
    arguments: [
      ("/", "text/html; charset=utf-8"), ("/feed.xml", "application/atom+xml"),
      ("/api/v1/ios/1.0.0.json", "application/json"),
      ("/assets/herald.css", "text/css; charset=utf-8"),
      ("/assets/icon.svg", "image/svg+xml"), ("/announcements/a/", "text/html; charset=utf-8"),
    ])
  func contentTypes(_ path: String, _ type: String) throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    let response = site.respond(HTTPRequest(method: "GET", path: path))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == type)
  }

  @Test("a folder without its slash is redirected; a missing file gets the 404 page")
  func foldersAndMissing() throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    let redirect = site.respond(HTTPRequest(method: "GET", path: "/announcements/a"))
    #expect(redirect.status == 301)
    #expect(redirect.header("Location") == "/announcements/a/")
    let missing = site.respond(HTTPRequest(method: "GET", path: "/nope.html"))
    #expect(missing.status == 404)
    #expect(String(decoding: missing.body, as: UTF8.self).contains("not found"))
  }

  @Test("an ETag answers If-None-Match with 304, and other methods get 405")
  func etagAndMethods() throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    let first = site.respond(HTTPRequest(method: "GET", path: "/"))
    let tag = try #require(first.header("ETag"))
    let again = site.respond(HTTPRequest(method: "GET", path: "/", ifNoneMatch: tag))
    #expect(again.status == 304 && again.body.isEmpty)
    #expect(
      site.respond(HTTPRequest(method: "GET", path: "/", ifNoneMatch: "\"other\"")).status == 200)
    let post = site.respond(HTTPRequest(method: "POST", path: "/"))
    #expect(post.status == 405 && post.header("Allow") == "GET, HEAD")
  }

  @Test("a failed build keeps the last good output and shows its problems in every page")
  func failedBuild() throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    site.finishBuild(problems: ["content/announcements/x.md:3:1: error: <bad> [code]"])
    let page = String(
      decoding: site.respond(HTTPRequest(method: "GET", path: "/")).body, as: UTF8.self)
    #expect(page.contains("<p>archive</p>"))
    #expect(page.contains("id=\"herald-build-errors\""))
    #expect(page.contains("x.md:3:1: error: &lt;bad&gt; [code]"))
    #expect(page.hasSuffix("</div>\n</body></html>\n"))
    let css = site.respond(HTTPRequest(method: "GET", path: "/assets/herald.css"))
    #expect(css.body == Array("body{}\n".utf8))
    site.finishBuild(problems: nil)
    let fixed = String(
      decoding: site.respond(HTTPRequest(method: "GET", path: "/")).body, as: UTF8.self)
    #expect(!fixed.contains("herald-build-errors"))
  }

  @Test("before any good build, pages show the problems with status 503")
  func noGoodBuild() throws {
    let folder = try TemporaryDirectory()
    let site = PreviewSite(root: folder.path("site"))
    site.finishBuild(problems: ["herald.yaml:1:1: error: broken"])
    let response = site.respond(HTTPRequest(method: "GET", path: "/"))
    #expect(response.status == 503)
    #expect(
      String(decoding: response.body, as: UTF8.self).contains("herald.yaml:1:1: error: broken"))
  }

  @Test("the reload endpoint answers at once when a build is newer, and the script knows the build")
  func reload() throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    let answer = site.respond(
      HTTPRequest(method: "GET", path: "/_herald/reload", query: ["since": "0"]))
    #expect(String(decoding: answer.body, as: UTF8.self) == "{\"generation\": 1}\n")
    let script = site.respond(HTTPRequest(method: "GET", path: "/_herald/live-reload.js"))
    #expect(String(decoding: script.body, as: UTF8.self).contains("var generation = 1;"))
    #expect(site.waitForBuild(after: 1, timeout: 0) == 1)
  }

  /// The wait is the one a reload request without a parking server makes: many at once, each
  /// woken by the build that ends after it began, and one that times out waits no longer.
  @Test("waiting pages are all woken by the next build; a wait that runs out returns the current")
  func waitsAcrossThreads() throws {
    let (folder, site) = try served()
    defer { withExtendedLifetime(folder) {} }
    let started = Date()
    #expect(site.waitForBuild(after: 1, timeout: 0.05) == 1)
    #expect(Date().timeIntervalSince(started) >= 0.05)
    let waiters = 8
    let seen = Mutex<[Int]>([])
    let done = DispatchGroup()
    let waiting = DispatchSemaphore(value: 0)
    // Threads of their own, as the server's are: Dispatch's pool adds threads slowly while its
    // others wait.
    for _ in 0..<waiters {
      done.enter()
      Thread.detachNewThread {
        waiting.signal()
        let generation = site.waitForBuild(after: 1, timeout: 60)
        seen.withLock { $0.append(generation) }
        done.leave()
      }
    }
    for _ in 0..<waiters { waiting.wait() }
    // Some may not have begun to wait yet: they see the newer build at once, as pages would.
    site.finishBuild(problems: nil)
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(seen.withLock { $0 } == Array(repeating: 2, count: waiters))
    #expect(Date().timeIntervalSince(started) < 30)
  }
}
