import Foundation
import HeraldTestSupport
import Testing

/// `herald keys generate`: a private key only its owner can read, never inside a site, never over
/// another; its public key and id printed.
@Suite("herald keys generate")
struct KeysCommandTests {
  @Test("it writes a 0600 key under XDG_CONFIG_HOME named by its id, and prints the public key")
  func defaultFile() throws {
    let folder = try TemporaryDirectory()
    let run = InProcessRun.run(
      ["keys", "generate"], environment: ["XDG_CONFIG_HOME": folder.url.path])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let publicKey = try #require(lines.dropFirst().first?.split(separator: " ").last)
    let keyID = try #require(lines.last?.split(separator: " ").last)
    #expect(Data(base64Encoded: String(publicKey))?.count == 32)
    #expect(keyID.count == 16)
    let path = folder.url.appending(path: "herald/keys/\(keyID).pem").path
    #expect(lines.first == "wrote the private key to \(path) (only you can read it)")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
    #expect(!run.stdout.contains(text), "the private key is never printed")
  }

  @Test("an existing file is never overwritten, and a key is never written inside a site")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    let existing = folder.url.appending(path: "key.pem").path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
    let again = InProcessRun.run(["keys", "generate", "--out", existing])
    #expect(again.status == 74)
    #expect(again.stderr.contains("already exists; a key is never overwritten"))
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")

    let site = folder.url.appending(path: "site")
    try FileManager.default.createDirectory(
      at: site.appending(path: "secrets"), withIntermediateDirectories: true)
    try Data("title: T\n".utf8).write(to: site.appending(path: "herald.yaml"))
    let inside = site.appending(path: "secrets/key.pem").path
    let refused = InProcessRun.run(["keys", "generate", "--out", inside])
    #expect(refused.status == 74)
    #expect(refused.stderr.contains("a private key must never be in a site"))
    #expect(!FileManager.default.fileExists(atPath: inside))
  }
}
