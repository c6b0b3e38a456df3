import Foundation
import HeraldProtocol
import HeraldSigning
import HeraldTestSupport
import Testing

/// `signing:` in herald.yaml, `build` with a key, and `herald sign` (DESIGN §9): the statement
/// covers every document an app reads as committed, a build without the key or with the wrong one
/// writes nothing, and a second signature changes nothing else.
@Suite("A signed build and herald sign")
struct SigningCommandTests {
  /// The build's time is the clock's: the statement must not have expired when `sign` reads it.
  static let clock = ["SOURCE_DATE_EPOCH": ""]

  /// A key made by `herald keys generate`: its file and public key.
  struct Key {
    let file: String
    let publicKey: String
    let raw: [UInt8]
    /// The key id herald prints.
    var keyID: String { (try? Ed25519PublicKey(raw: raw))?.keyID ?? "" }
    var pem: String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
  }

  static func generate(in folder: TemporaryDirectory, _ name: String) throws -> Key {
    let file = folder.url.appending(path: name).path
    let run = InProcessRun.run(["keys", "generate", "--out", file])
    try #require(run.status == 0, "\(run.stderr)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("public key:") })
    let text = String(try #require(line.split(separator: " ").last))
    return Key(file: file, publicKey: text, raw: try #require(PublicKeyText.raw(text)))
  }

  /// The example site (which has walls), signed by `keys`, with `wallKeys`.
  static func site(keys: [Key], wallKeys: [Key] = []) throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let yaml = try String(contentsOf: site.url.appending(path: "herald.yaml"), encoding: .utf8)
    try site.write(
      "herald.yaml",
      yaml + "signing:\n  channel: com.example.linewise\n  keys: ["
        + keys.map(\.publicKey).joined(separator: ", ") + "]\n  wallKeys: ["
        + wallKeys.map(\.publicKey).joined(separator: ", ") + "]\n  validFor: 7d\n")
    return site
  }

  /// The example signed by a CI key, with a wall key: the keys, the site and its output folder.
  static func signedExample() throws -> (
    keys: TemporaryDirectory, ci: Key, wall: Key, site: TemporaryDirectory, output: URL
  ) {
    let keys = try TemporaryDirectory()
    let ci = try generate(in: keys, "ci.pem")
    let wall = try generate(in: keys, "wall.pem")
    let site = try site(keys: [ci, wall], wallKeys: [wall])
    return (keys, ci, wall, site, site.url.appending(path: "public"))
  }

  /// Every document an app reads in an output: the JSON under api/ but the schema and the
  /// statement.
  static func appDocuments(in output: URL) throws -> [String] {
    let api = output.appending(path: "api")
    let enumerator = FileManager.default.enumerator(atPath: api.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".json"), !path.hasSuffix("schema.json"), !path.hasSuffix("signed.json"),
        !path.hasPrefix("v1/objects/")
      {
        paths.append("api/" + path)
      }
    }
    return paths.sorted()
  }

  /// The output's statement as an app pinning `keys` reads it, every document checked.
  static func verify(_ output: URL, keys: [Key], wallKeys: [Key] = []) throws
    -> ChannelTrust.Verified
  {
    let crypto = LibcryptoChecking()
    let trust = ChannelTrust(
      channel: "com.example.linewise", keys: keys.map(\.raw), wallKeys: wallKeys.map(\.raw))
    let bytes = try Data(contentsOf: output.appending(path: "api/v1/signed.json"))
    let verified = try trust.verify(
      bytes, highestGeneration: nil, now: Timestamp(seconds: Int64(Date().timeIntervalSince1970)),
      crypto: crypto
    ).get()
    let documents = try appDocuments(in: output)
    #expect(verified.statement.documents.keys.sorted() == documents)
    for path in documents {
      let document = try Data(contentsOf: output.appending(path: path))
      #expect(
        ChannelTrust.problem(
          document: document, path: path, in: verified.statement, crypto: crypto) == nil, "\(path)")
    }
    // Each content-addressed copy is named by its bytes and is a document the statement lists,
    // which a reader checks it against.
    let listed = Set(verified.statement.documents.values.map(\.sha256))
    let objects = try FileManager.default.contentsOfDirectory(
      atPath: output.appending(path: "api/v1/objects").path)
    #expect(!objects.isEmpty)
    for name in objects {
      let bytes = try Data(contentsOf: output.appending(path: "api/v1/objects/\(name)"))
      let sha256 = SHA256Digest.hex(bytes)
      #expect(name == sha256 + ".json" && listed.contains(sha256), "\(name)")
    }
    return verified
  }

  @Test("a build signs every document, a rebuild after an edit too, and sign adds a wall key's")
  func signedBuildAndSecondSignature() throws {
    let (keys, ci, wall, site, output) = try Self.signedExample()
    defer { withExtendedLifetime(keys) {} }
    let built = InProcessRun.run(
      ["build", "--site", site.url.path],
      environment: Self.clock.merging(
        ["HERALD_SIGNING_KEY": ci.pem]) { $1 })
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stderr.contains("herald sign --key FILE"), "the wall awaits a wall key")
    #expect(
      built.stdout.contains("signed api/v1/signed.json with key \(ci.keyID)"), "\(built.stdout)")
    let first = try Self.verify(output, keys: [ci, wall], wallKeys: [wall])
    #expect(!first.wallSigned)

    // An edit rebuilds some documents and keeps the others: the statement lists both as they are.
    let record = site.url.appending(path: "content/announcements/larger-text.md")
    let text = try String(contentsOf: record, encoding: .utf8)
    try site.write(
      "content/announcements/larger-text.md",
      text.replacingOccurrences(of: "severity: INFO", with: "severity: IMPORTANT"))
    let rebuilt = InProcessRun.run(
      ["build", "--site", site.url.path, "--signing-key", ci.file], environment: Self.clock)
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    _ = try Self.verify(output, keys: [ci, wall], wallKeys: [wall])

    let documents = try Self.appDocuments(in: output).map {
      try Data(contentsOf: output.appending(path: $0))
    }
    let signed = InProcessRun.run(["sign", "--key", wall.file, "--output", output.path])
    #expect(signed.status == 0, "\(signed.stderr)")
    #expect(signed.stdout.contains("it covers"), "\(signed.stdout)")
    let approved = try Self.verify(output, keys: [ci, wall], wallKeys: [wall])
    #expect(approved.wallSigned)
    let after = try Self.appDocuments(in: output).map {
      try Data(contentsOf: output.appending(path: $0))
    }
    #expect(after == documents, "sign changes nothing but signed.json")
    // Signing again with the same key replaces its signature rather than adding a second.
    #expect(InProcessRun.run(["sign", "--key", wall.file, "--output", output.path]).status == 0)
    let envelope = try SignedEnvelope.decode(
      Data(contentsOf: output.appending(path: "api/v1/signed.json"))
    ).get()
    #expect(envelope.signatures.count == 2)
  }

  @Test("without the key, with another key or a key others can read, nothing is written")
  func refusals() throws {
    let keys = try TemporaryDirectory()
    let ci = try Self.generate(in: keys, "ci.pem")
    let other = try Self.generate(in: keys, "other.pem")
    let site = try Self.site(keys: [ci])
    let output = site.url.appending(path: "public")
    let build = ["build", "--site", site.url.path]

    let keyless = InProcessRun.run(build, environment: Self.clock)
    #expect(keyless.status == 74)
    #expect(keyless.stderr.contains("no private key was given; nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: output.path))

    let wrong = InProcessRun.run(build + ["--signing-key", other.file], environment: Self.clock)
    #expect(wrong.status == 74)
    #expect(wrong.stderr.contains("is not one of herald.yaml's signing.keys"))
    #expect(!FileManager.default.fileExists(atPath: output.path))

    let garbage = InProcessRun.run(
      build, environment: Self.clock.merging(["HERALD_SIGNING_KEY": "hunter2-secret"]) { $1 })
    #expect(garbage.status == 74)
    #expect(!garbage.stderr.contains("hunter2"), "a secret is never repeated")

    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: ci.file)
    let readable = InProcessRun.run(build + ["--signing-key", ci.file], environment: Self.clock)
    #expect(readable.status == 74)
    #expect(readable.stderr.contains("can be read by others"))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: ci.file)

    let ahead = InProcessRun.run(
      build + ["--signing-key", ci.file, "--now", "2099-01-01"], environment: Self.clock)
    #expect(ahead.status == 1)
    #expect(ahead.stderr.contains("[signing-time-ahead]"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    let previewed = InProcessRun.run(["check", "--site", site.url.path, "--now", "2099-01-01"])
    #expect(previewed.status == 0, "check previews a later time with a warning")
    #expect(previewed.stderr.contains("warning: a signed build at 2099"))

    let unsigned = InProcessRun.run(build + ["--unsigned"], environment: Self.clock)
    #expect(unsigned.status == 0, "\(unsigned.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: output.appending(path: "api/v1/signed.json").path))
  }

  @Test("a key given to a site without signing: builds unsigned, and says so")
  func keyWithoutSigning() throws {
    let keys = try TemporaryDirectory()
    let ci = try Self.generate(in: keys, "ci.pem")
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let built = InProcessRun.run(
      ["build", "--site", site.url.path],
      environment: Self.clock.merging(["HERALD_SIGNING_KEY": ci.pem]) { $1 })
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stderr.contains("herald.yaml has no signing:, so the channel is not signed"))
    let statement = site.url.appending(path: "public/api/v1/signed.json")
    #expect(!FileManager.default.fileExists(atPath: statement.path))
  }

  @Test("sign refuses an output changed after its build, and leaves signed.json as it was")
  func signRefusesTamperedOutput() throws {
    let (keys, ci, wall, site, output) = try Self.signedExample()
    defer { withExtendedLifetime(keys) {} }
    let built = InProcessRun.run(
      ["build", "--site", site.url.path, "--signing-key", ci.file], environment: Self.clock)
    try #require(built.status == 0, "\(built.stderr)")
    let statement = output.appending(path: "api/v1/signed.json")
    let before = try Data(contentsOf: statement)
    let manifest = output.appending(path: "api/v1/ios/1.8.0.json")
    var bytes = try Data(contentsOf: manifest)
    bytes.append(contentsOf: Array(" ".utf8))
    try bytes.write(to: manifest)
    let refused = InProcessRun.run(["sign", "--key", wall.file, "--output", output.path])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("api/v1/ios/1.8.0.json is not the document the statement lists"))
    #expect(try Data(contentsOf: statement) == before)
  }
}
