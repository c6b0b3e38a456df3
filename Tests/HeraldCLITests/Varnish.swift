import Foundation
import HeraldTestSupport

/// A real CDN cache on loopback: Varnish (Debian's), in front of a bucket's folder, caching as its
/// defaults do (a 404 for two minutes) and taking `PURGE` from loopback.
final class Varnish {
  /// The program, when it is installed.
  static let program: String? = ["/usr/sbin/varnishd", "/usr/bin/varnishd"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Where clients ask: `http://127.0.0.1:PORT/`, the bucket's folder at its root.
  let baseURL: String
  /// The port it listens on.
  let port: UInt16
  private let folder: TemporaryDirectory
  private let process = Process()

  /// Starts Varnish for `/BUCKET/PREFIX/` of a store on a port, and waits until it answers.
  init(storePort: UInt16, bucket: String, prefix: String) throws {
    folder = try TemporaryDirectory()
    port = try FreePort.take(1)[0]
    baseURL = "http://127.0.0.1:\(port)/"
    try folder.write(
      "herald.vcl",
      """
      vcl 4.1;
      backend store { .host = "127.0.0.1"; .port = "\(storePort)"; }
      acl purgers { "127.0.0.1"; }
      sub vcl_recv {
        # One cache key whatever Host a client sends (127.0.0.1, with or without the port).
        set req.http.host = "cdn";
        set req.url = "/\(bucket)/\(prefix)" + req.url;
        if (req.method == "PURGE") {
          if (client.ip !~ purgers) { return (synth(405)); }
          return (purge);
        }
        return (hash);
      }

      """)
    process.executableURL = URL(fileURLWithPath: Self.program ?? "/nonexistent")
    // Daemonized (the launcher exits once the cache runs): run in the foreground, varnishd
    // drops to its own user, and Foundation then never reaped any later child of the test.
    process.arguments = [
      "-a", "127.0.0.1:\(port)", "-f", folder.path("herald.vcl"), "-s", "malloc,64m",
      "-n", folder.path("work"), "-T", "none", "-P", folder.path("varnishd.pid"),
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let deadline = Date(timeIntervalSinceNow: 20)
    while (try? get("/api/v1/none")) == nil {
      guard Date() < deadline else { throw POSIXError(.ECONNREFUSED) }
      usleep(20_000)
    }
  }

  deinit { stop() }

  /// Stops the cache (its manager, which stops its worker).
  func stop() {
    let text = (try? String(contentsOfFile: folder.path("varnishd.pid"), encoding: .utf8)) ?? ""
    if let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
  }

  /// A GET through the cache of a path under the bucket's folder.
  func get(_ path: String) throws -> RawHTTP.Answer {
    try RawHTTP.request(path, port: port)
  }
}
