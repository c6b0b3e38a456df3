import Foundation
import HeraldServe
import HeraldTestSupport
import Testing

/// `herald explain --channel URL --public-key K` reads a deployed signed channel as an app that
/// pins its keys (DESIGN §9): a forged row, an unpinned key, another channel, an expired
/// statement or a wall without a wall key's signature fail open with their reason, and a move
/// from one key to the next needs no app update.
@Suite("explain of a deployed signed channel")
struct SignedExplainTests {
  /// The clock's time: a statement signed now is valid for a week from now.
  static let clock = ["SOURCE_DATE_EPOCH": ""]

  /// A signed example site served on loopback.
  final class Deployed {
    let site: TemporaryDirectory
    let output: String
    let server: HTTPServer
    let base: String
    let keys: TemporaryDirectory
    let ci: SigningCommandTests.Key
    let next: SigningCommandTests.Key
    let wall: SigningCommandTests.Key

    init() throws {
      keys = try TemporaryDirectory()
      ci = try SigningCommandTests.generate(in: keys, "ci.pem")
      next = try SigningCommandTests.generate(in: keys, "next.pem")
      wall = try SigningCommandTests.generate(in: keys, "wall.pem")
      site = try SigningCommandTests.site(keys: [ci, next, wall])
      output = site.url.appending(path: "public").path
      let preview = PreviewSite(root: output)
      server = try HTTPServer(host: "127.0.0.1", port: 0, reply: preview.reply)
      base = "http://127.0.0.1:\(server.port)/"
      preview.finishBuild(problems: nil)
      try server.start()
    }

    deinit { server.stop() }

    /// Builds the site signed by a key, with herald.yaml's keys and wall keys set.
    func build(
      signedBy key: SigningCommandTests.Key, keys: [SigningCommandTests.Key],
      wallKeys: [SigningCommandTests.Key] = []
    ) throws {
      let yaml = try String(contentsOf: site.url.appending(path: "herald.yaml"), encoding: .utf8)
      let start = try #require(yaml.range(of: "signing:\n"))
      try site.write(
        "herald.yaml",
        yaml[..<start.lowerBound] + "signing:\n  channel: com.example.linewise\n  keys: ["
          + keys.map(\.publicKey).joined(separator: ", ") + "]\n  wallKeys: ["
          + wallKeys.map(\.publicKey).joined(separator: ", ") + "]\n")
      let built = try HeraldProcess.run(
        [
          "build", "--quiet", "--site", site.url.path, "--base-url", base, "--signing-key",
          key.file,
        ], environment: SignedExplainTests.clock)
      try #require(built.status == 0, "\(built.stderr)")
    }

    /// What an app of iOS 1.8.0 pinning these keys decides: the fetch's state and failure, and
    /// the wall shown, if any.
    func explain(
      pinning keys: [SigningCommandTests.Key], wallKeys: [SigningCommandTests.Key] = [],
      channel: String = "com.example.linewise", extra: [String] = []
    ) throws -> (state: String, failure: String?, wall: String?) {
      var arguments = [
        "explain", "--platform", "ios", "--version", "1.8.0", "--format", "json", "--channel",
        base, "--channel-id", channel, "--public-key", keys.map(\.publicKey).joined(separator: ","),
      ]
      if !wallKeys.isEmpty {
        arguments += ["--wall-key", wallKeys.map(\.publicKey).joined(separator: ",")]
      }
      let run = try HeraldProcess.run(arguments + extra, environment: SignedExplainTests.clock)
      try #require(run.status == 0, "\(run.stderr)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let fetch = json["fetch"] as? [String: Any]
      let wall = json["wall"] as? String
      return (fetch?["state"] as? String ?? "", fetch?["failure"] as? String, wall)
    }
  }

  @Test("a good chain shows the wall; each attack fails open with its reason")
  func attacks() throws {
    let deployed = try Deployed()
    try deployed.build(signedBy: deployed.ci, keys: [deployed.ci, deployed.next])
    let good = try deployed.explain(pinning: [deployed.ci])
    #expect(good.state == "fresh" && good.failure == nil)
    #expect(good.wall == "sunset-1-8")

    #expect(try deployed.explain(pinning: [deployed.wall]).failure == "key")
    #expect(try deployed.explain(pinning: [deployed.ci], channel: "com.other").failure == "channel")
    let later = try deployed.explain(pinning: [deployed.ci], extra: ["--now", "2099-01-01"])
    #expect(later.failure == "expired" && later.wall == nil)
    // A wall needs a pinned wall key's signature: without it, nothing interrupts.
    let unapproved = try deployed.explain(pinning: [deployed.ci], wallKeys: [deployed.next])
    #expect(unapproved.failure == "key" && unapproved.wall == nil)
    let signed = try HeraldProcess.run(
      ["sign", "--key", deployed.next.file, "--output", deployed.output],
      environment: SignedExplainTests.clock)
    #expect(signed.status == 0, "\(signed.stderr)")
    let approved = try deployed.explain(pinning: [deployed.ci], wallKeys: [deployed.next])
    #expect(approved.failure == nil && approved.wall == "sunset-1-8")

    // The forgery: a row added by hand to a manifest the statement lists.
    let manifest = deployed.output + "/api/v1/ios/1.9.0.json"
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: "\"announcements\": [", with: "\"announcements\": [ ").utf8
    )
    .write(to: URL(fileURLWithPath: manifest))
    let forged = try deployed.explain(pinning: [deployed.ci])
    #expect(forged.failure == nil, "1.8.0 reads its own manifest, which is untouched")
    let forgedIndex = deployed.output + "/api/v1/index.json"
    try Data((try String(contentsOfFile: forgedIndex, encoding: .utf8) + " ").utf8)
      .write(to: URL(fileURLWithPath: forgedIndex))
    let tampered = try deployed.explain(pinning: [deployed.ci])
    #expect(tampered.failure == "hash" && tampered.wall == nil)

    try FileManager.default.removeItem(atPath: deployed.output + "/api/v1/signed.json")
    #expect(try deployed.explain(pinning: [deployed.ci]).failure == "signature")
  }

  @Test("a channel moved from key 1 to key 2 keeps working in an app that pins both")
  func rotation() throws {
    let deployed = try Deployed()
    try deployed.build(signedBy: deployed.ci, keys: [deployed.ci, deployed.next])
    let before = try deployed.explain(pinning: [deployed.ci, deployed.next])
    #expect(before.state == "fresh" && before.wall == "sunset-1-8")
    // Key 1 is retired: herald.yaml lists key 2 only, and the build signs with it.
    try deployed.build(signedBy: deployed.next, keys: [deployed.next])
    let after = try deployed.explain(pinning: [deployed.ci, deployed.next])
    #expect(after.state == "fresh" && after.failure == nil && after.wall == "sunset-1-8")
    // An app that pinned key 1 alone fails open until it is updated.
    #expect(try deployed.explain(pinning: [deployed.ci]).failure == "key")
  }
}
