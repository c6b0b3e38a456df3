import Foundation
import HeraldServe
import HeraldTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("The HTTP server over libmicrohttpd")
struct HTTPServerTests {
  func start() throws -> (TemporaryDirectory, HTTPServer) {
    let folder = try TemporaryDirectory()
    try folder.write("site/index.html", "<!DOCTYPE html><html><body>hello</body></html>\n")
    try folder.write("site/404.html", "<!DOCTYPE html><html><body>missing</body></html>\n")
    try folder.write("outside.txt", "secret\n")
    let site = PreviewSite(root: folder.path("site"))
    site.finishBuild(problems: nil)
    let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: site.respond)
    try server.start()
    return (folder, server)
  }

  @Test("200 concurrent requests all succeed")
  func concurrent() async throws {
    let (folder, server) = try start()
    defer {
      server.stop()
      withExtendedLifetime(folder) {}
    }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<200 {
        group.addTask {
          let (data, response) = try await URLSession.shared.data(from: url)
          return (response as? HTTPURLResponse)?.statusCode == 200
            && String(decoding: data, as: UTF8.self).contains("hello") ? 200 : 0
        }
      }
      var all: [Int] = []
      for try await status in group { all.append(status) }
      return all
    }
    #expect(statuses.count == 200)
    #expect(statuses.allSatisfy { $0 == 200 })
  }

  @Test(
    "traversal over the wire is refused",
    arguments: [
      "/../outside.txt", "/%2e%2e/outside.txt", "/..%2foutside.txt", "/%2e%2e%2foutside.txt",
    ])
  func traversal(_ target: String) throws {
    let (folder, server) = try start()
    defer {
      server.stop()
      withExtendedLifetime(folder) {}
    }
    let answer = try RawHTTP.get(target, port: server.port)
    #expect([400, 403].contains(answer.status), "\(answer.response.prefix(80))")
    #expect(!answer.response.contains("secret"))
  }

  @Test("HEAD sends the headers without the body")
  func head() throws {
    let (folder, server) = try start()
    defer {
      server.stop()
      withExtendedLifetime(folder) {}
    }
    let answer = try RawHTTP.get("/", port: server.port, method: "HEAD")
    #expect(answer.status == 200)
    #expect(answer.response.contains("Content-Type: text/html; charset=utf-8"))
    #expect(!answer.response.contains("hello"))
  }

  @Test("a port in use is an error that names it")
  func portInUse() throws {
    let (folder, server) = try start()
    defer {
      server.stop()
      withExtendedLifetime(folder) {}
    }
    #expect(throws: ServeError.portInUse("127.0.0.1", server.port)) {
      _ = try HTTPServer(host: "127.0.0.1", port: server.port) { _ in HTTPResponse(status: 200) }
    }
    #expect(
      ServeError.portInUse("127.0.0.1", 1313).description
        == "port 1313 on 127.0.0.1 is already in use")
  }
}
