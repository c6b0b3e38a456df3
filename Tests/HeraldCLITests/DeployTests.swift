import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's nginx, when installed (scripts/install-deps --test installs it).
private let nginxPath: String? = ["/usr/sbin/nginx", "/usr/bin/nginx"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// The nginx configurations docs/deploy.md gives, by their marker comment.
private func documentedConfiguration(_ marker: String) throws -> String {
  let text = try String(
    contentsOf: Fixtures.packageRoot.appending(path: "docs/deploy.md"), encoding: .utf8)
  let blocks = text.components(separatedBy: "```nginx\n").dropFirst().map {
    $0.components(separatedBy: "```").first ?? ""
  }
  guard let block = blocks.first(where: { $0.contains("# herald: \(marker)") }) else {
    throw POSIXError(.ENOENT)
  }
  return block
}

/// A real nginx on loopback running one of the documented configurations over a built site.
private final class Nginx {
  let process = Process()
  let port: UInt16
  let folder: TemporaryDirectory

  /// Where the site is served: `/whats-new/` for the sub-path forms, `/` for the domain root.
  let prefix: String

  init(form: String, siteRoot: String, port: UInt16, folder: TemporaryDirectory) throws {
    self.port = port
    self.folder = folder
    prefix = form == "domain-root" ? "/" : "/whats-new/"
    let server = try documentedConfiguration(form)
      .replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
      .replacingOccurrences(of: "/srv/herald/public/", with: siteRoot + "/")
      .replacingOccurrences(of: "root /srv/www;", with: "root \(siteRoot);")
      .replacingOccurrences(of: "root /srv/herald/public;", with: "root \(siteRoot);")
    let temp = folder.path("nginx")
    try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
    let temporaryPaths = """
        client_body_temp_path \(temp)/body;
        proxy_temp_path \(temp)/proxy;
        fastcgi_temp_path \(temp)/fastcgi;
        uwsgi_temp_path \(temp)/uwsgi;
        scgi_temp_path \(temp)/scgi;
      """
    // The whole nginx.conf runs as it is written, but for what a test cannot have: another user,
    // the system's pid and log files.
    let whole =
      "daemon off;\n"
      + server
      .replacingOccurrences(of: "user www-data;\n", with: "")
      .replacingOccurrences(of: "pid /run/nginx.pid;", with: "pid \(temp)/nginx.pid;")
      .replacingOccurrences(
        of: "error_log /var/log/nginx/error.log;", with: "error_log \(temp)/error.log;"
      )
      .replacingOccurrences(of: "access_log /var/log/nginx/access.log;", with: "access_log off;")
      .replacingOccurrences(of: "http {\n", with: "http {\n" + temporaryPaths + "\n")
    let configuration =
      form == "domain-root"
      ? whole
      : """
      worker_processes 1;
      daemon off;
      error_log \(temp)/error.log;
      pid \(temp)/nginx.pid;
      events { worker_connections 64; }
      http {
        include /etc/nginx/mime.types;
        default_type application/octet-stream;
        access_log off;
      \(temporaryPaths)
      \(server)
      }

      """
    try folder.write("nginx/nginx.conf", configuration)
    process.executableURL = URL(fileURLWithPath: nginxPath ?? "/usr/sbin/nginx")
    process.arguments = ["-c", temp + "/nginx.conf", "-p", temp]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // nginx forks its worker and then listens: wait for the port to accept, with a deadline.
    let deadline = Date(timeIntervalSinceNow: 10)
    while (try? RawHTTP.connect(port: port)).map({ close($0) }) == nil {
      guard Date() < deadline, process.isRunning else {
        let log = (try? String(contentsOfFile: temp + "/error.log", encoding: .utf8)) ?? ""
        throw POSIXError(.ECONNREFUSED, userInfo: ["log": log])
      }
      usleep(20_000)
    }
  }

  /// Asks for a path; the checks write paths for the sub-path, `/whats-new/…`, which the domain
  /// root serves at `/…`.
  func get(_ path: String, _ headers: [(String, String)] = [], method: String = "GET") throws
    -> RawHTTP.Answer
  {
    let served = path.hasPrefix("/whats-new/") ? prefix + path.dropFirst(11) : path
    return try RawHTTP.request(served, port: port, method: method, headers: headers)
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}

@Suite(
  "Deploying behind a real nginx, with docs/deploy.md's configurations", .serialized,
  .enabled(
    if: nginxPath != nil,
    "NOTE: nginx is not installed (scripts/install-deps --test installs it): skipping the deploy tests"
  ))
struct DeployTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  /// Builds the example under a path (`/whats-new/`, or `/` at the domain root) for a port into a
  /// folder.
  func build(
    site: TemporaryDirectory, into output: String, port: UInt16, prefix: String = "/whats-new/"
  ) throws {
    let result = try HeraldProcess.run(
      [
        "build", "--site", site.url.path, "--output", output, "--quiet", "--base-url",
        "http://127.0.0.1:\(port)\(prefix)",
      ] + Self.now)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// Where a form's site is built, and the folder its configuration names.
  static func folders(_ form: String, in folder: TemporaryDirectory) -> (
    output: String, siteRoot: String
  ) {
    form == "root"
      ? (folder.path("www/whats-new"), folder.path("www"))
      : (folder.path("public"), folder.path("public"))
  }

  @Test(
    "every form serves every kind of file right, hides herald's files, and keeps ETags",
    arguments: ["alias", "root", "domain-root"])
  func serve(_ form: String) throws {
    let folder = try TemporaryDirectory()
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let port = try FreePort.take(1)[0]
    let (output, siteRoot) = Self.folders(form, in: folder)
    try build(
      site: site, into: output, port: port, prefix: form == "domain-root" ? "/" : "/whats-new/")
    let nginx = try Nginx(form: form, siteRoot: siteRoot, port: port, folder: folder)
    defer { nginx.stop() }
    try checkTypesAndCaching(nginx)
    try checkCrossOrigin(nginx)
    try checkHidden(nginx)
    try checkLinks(nginx, output: output, port: port)
    try checkETags(nginx, site: site, output: output, port: port)
  }

  private func checkTypesAndCaching(_ nginx: Nginx) throws {
    let expectations: [(String, Int, String, String?)] = [
      ("/whats-new/", 200, "text/html; charset=utf-8", nil),
      ("/whats-new/announcements/widgets-1-10/", 200, "text/html; charset=utf-8", nil),
      ("/whats-new/feed.xml", 200, "application/atom+xml; charset=utf-8", "public, max-age=900"),
      (
        "/whats-new/api/v1/index.json", 200, "application/json",
        "public, max-age=300, must-revalidate"
      ),
      (
        "/whats-new/api/v1/ios/1.10.0.json", 200, "application/json",
        "public, max-age=300, must-revalidate"
      ),
      (
        "/whats-new/api/v1/android/live.json", 200, "application/json",
        "public, max-age=300, must-revalidate"
      ),
      (
        "/whats-new/api/v1/manifest.schema.json", 200, "application/json",
        "public, max-age=300, must-revalidate"
      ),
      (
        "/whats-new/assets/herald.css?v=0123456789ab", 200, "text/css",
        "public, max-age=31536000, immutable"
      ),
      ("/whats-new/assets/herald.css", 200, "text/css", "public, max-age=300, must-revalidate"),
      ("/whats-new/no-such-page/", 404, "text/html; charset=utf-8", nil),
      ("/whats-new/api/v1/ios/9.9.9.json", 404, "application/json", "no-store"),
    ]
    for (path, status, type, cache) in expectations {
      let answer = try nginx.get(path)
      #expect(answer.status == status, "\(path)")
      #expect(answer.headers["content-type"] == type, "\(path)")
      if let cache { #expect(answer.headers["cache-control"] == cache, "\(path)") }
      if path.contains("/api/") {
        #expect(answer.headers["access-control-allow-origin"] == "*", "CORS on \(path)")
      }
    }
    let missing = try nginx.get("/whats-new/no-such-page/")
    #expect(missing.body.contains("There is no announcement at this address"), "the built 404 page")
    // A content-addressed document the channel names: the same bytes as its canonical URL's, kept
    // for a year, readable from another origin.
    let index = try JSONSerialization.jsonObject(
      with: Data(try nginx.get("/whats-new/api/v1/index.json").body.utf8))
    let platforms = (index as? [String: Any])?["platforms"] as? [String: Any]
    let live = (platforms?["ios"] as? [String: Any])?["liveObject"] as? [String: Any]
    let sha256 = try #require(live?["sha256"] as? String)
    let objectPath = "/whats-new/api/v1/objects/\(sha256).json"
    let answer = try nginx.get(objectPath)
    #expect(answer.status == 200, "\(objectPath)")
    #expect(answer.headers["content-type"] == "application/json")
    #expect(answer.headers["cache-control"] == "public, max-age=31536000, immutable")
    #expect(answer.headers["access-control-allow-origin"] == "*")
    #expect(answer.body == (try nginx.get("/whats-new/api/v1/ios/live.json").body))
  }

  /// A web app on another origin: the validators are exposed, a preflight is answered (for a
  /// client that sends conditional or headers of its own), and the documents are compressed.
  private func checkCrossOrigin(_ nginx: Nginx) throws {
    let origin = ("Origin", "http://localhost:9")
    let document = try nginx.get("/whats-new/api/v1/ios/1.10.0.json", [origin])
    #expect(document.headers["access-control-expose-headers"] == "ETag, Last-Modified")
    let preflight = try nginx.get(
      "/whats-new/api/v1/ios/1.10.0.json",
      [
        origin, ("Access-Control-Request-Method", "GET"),
        ("Access-Control-Request-Headers", "if-none-match,x-api-key"),
      ], method: "OPTIONS")
    #expect(preflight.status == 204, "a preflight is answered, not refused (405)")
    #expect(preflight.headers["access-control-allow-origin"] == "*")
    #expect(preflight.headers["access-control-allow-methods"] == "GET, HEAD, OPTIONS")
    #expect(preflight.headers["access-control-allow-headers"] == "if-none-match,x-api-key")
    for path in ["/whats-new/api/v1/index.json", "/whats-new/feed.xml"] {
      let compressed = try nginx.get(path, [("Accept-Encoding", "gzip")])
      #expect(compressed.headers["content-encoding"] == "gzip", "\(path) is compressed")
      #expect(compressed.headers["vary"] == "Accept-Encoding", "\(path)")
    }
  }

  @Test(
    "every locale's feed gets the feed's type and lifetime",
    arguments: ["alias", "root", "domain-root"])
  func localeFeeds(_ form: String) throws {
    let folder = try TemporaryDirectory()
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let config = try String(contentsOfFile: site.path("herald.yaml"), encoding: .utf8)
    try site.write(
      "herald.yaml",
      config.replacingOccurrences(of: "language: en-GB", with: "locales: [en-GB, de]"))
    let port = try FreePort.take(1)[0]
    let (output, siteRoot) = Self.folders(form, in: folder)
    try build(
      site: site, into: output, port: port, prefix: form == "domain-root" ? "/" : "/whats-new/")
    let nginx = try Nginx(form: form, siteRoot: siteRoot, port: port, folder: folder)
    defer { nginx.stop() }
    for path in ["/whats-new/feed.xml", "/whats-new/de/feed.xml", "/whats-new/en-GB/feed.xml"] {
      let answer = try nginx.get(path)
      #expect(answer.status == 200, "\(path)")
      #expect(answer.headers["content-type"] == "application/atom+xml; charset=utf-8", "\(path)")
      #expect(answer.headers["cache-control"] == "public, max-age=900", "\(path)")
    }
    let localeChannel = try nginx.get("/whats-new/api/v1/de/index.json")
    #expect(localeChannel.headers["access-control-allow-origin"] == "*")
  }

  private func checkHidden(_ nginx: Nginx) throws {
    for path in [
      "_headers", ".herald-output", ".herald-lock", ".herald-journal", ".herald-map",
      ".herald-staging/index.html",
    ] {
      let status = try nginx.get("/whats-new/" + path).status
      #expect(status == 403 || status == 404, "\(path) is \(status)")
    }
  }

  /// Every link and source of every page that points into the site answers 200 through nginx.
  private func checkLinks(_ nginx: Nginx, output: String, port: UInt16) throws {
    let base = "http://127.0.0.1:\(port)"
    var checked: Set<String> = []
    for page in FileSystemTree.files(under: output) where page.hasSuffix(".html") {
      let html = try String(contentsOfFile: output + "/" + page, encoding: .utf8)
      for attribute in ["href=\"", "src=\""] {
        for piece in html.components(separatedBy: attribute).dropFirst() {
          let link = String(piece.prefix { $0 != "\"" })
            .replacingOccurrences(of: "&amp;", with: "&")
          guard link.hasPrefix(base + nginx.prefix) else { continue }
          let path = String(link.dropFirst(base.count)).components(separatedBy: "#")[0]
          guard checked.insert(path).inserted else { continue }
          #expect(try nginx.get(path).status == 200, "\(page) links to \(path)")
        }
      }
    }
    #expect(checked.count >= 10, "the pages link the archive, pages, feed, stylesheet")
  }

  /// An unchanged rebuild keeps every ETag (and a conditional request gets 304); a one-title edit
  /// changes the ETags of exactly the files whose bytes changed.
  private func checkETags(
    _ nginx: Nginx, site: TemporaryDirectory, output: String, port: UInt16
  ) throws {
    let files = FileSystemTree.files(under: output).filter {
      !$0.hasPrefix(".") && $0 != "_headers"
    }
    func etags() throws -> [String: String] {
      var tags: [String: String] = [:]
      for file in files {
        tags[file] = try nginx.get("/whats-new/" + file).headers["etag"] ?? ""
      }
      return tags
    }
    let before = try etags()
    let bytesBefore = try FileTree.read(URL(fileURLWithPath: output))
    try build(site: site, into: output, port: port, prefix: nginx.prefix)
    #expect(try etags() == before, "an unchanged rebuild keeps every ETag")
    let feedTag = try #require(before["feed.xml"])
    #expect(try nginx.get("/whats-new/feed.xml", [("If-None-Match", feedTag)]).status == 304)

    let record = site.path("content/announcements/widgets-1-10.md")
    let text = try String(contentsOfFile: record, encoding: .utf8)
    try site.write(
      "content/announcements/widgets-1-10.md",
      text.replacingOccurrences(of: "title: ", with: "title: Renamed, "))
    try build(site: site, into: output, port: port, prefix: nginx.prefix)
    let after = try etags()
    let bytesAfter = try FileTree.read(URL(fileURLWithPath: output))
    let changedTags = Set(files.filter { before[$0] != after[$0] })
    let changedBytes = Set(files.filter { bytesBefore.files[$0] != bytesAfter.files[$0] })
    #expect(!changedBytes.isEmpty)
    #expect(changedTags == changedBytes, "ETags change exactly with the bytes")
    #expect(changedBytes.contains("announcements/widgets-1-10/index.html"))
    #expect(!changedBytes.contains("announcements/sunset-1-8/index.html"))
  }
}

/// Every regular file under a folder, relative to it (hidden ones included).
private enum FileSystemTree {
  static func files(under root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    return walker.compactMap { $0 as? String }.filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }.sorted()
  }
}
