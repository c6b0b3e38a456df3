import Foundation
import HeraldSigning
import HeraldTestSupport
import Testing

/// The tool's Ed25519 (libcrypto): Wycheproof's vectors, and keys that survive their file.
@Suite("Ed25519 through libcrypto")
struct Ed25519Tests {
  /// One Wycheproof test: a key, a message, a signature, and whether it must verify.
  struct Vector: Sendable, CustomTestStringConvertible {
    let id: Int
    let comment: String
    let publicKey: [UInt8]
    let message: [UInt8]
    let signature: [UInt8]
    let valid: Bool

    var testDescription: String { "tcId \(id)\(comment.isEmpty ? "" : ": " + comment)" }
  }

  /// `conformance/wycheproof/ed25519_test.json`, copied with its provenance (README.md there).
  static let vectors: [Vector] = {
    let url = Fixtures.packageRoot.appending(path: "conformance/wycheproof/ed25519_test.json")
    guard let data = try? Data(contentsOf: url),
      let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let groups = file["testGroups"] as? [[String: Any]]
    else { return [] }
    return groups.flatMap { group -> [Vector] in
      let key = hexBytes((group["publicKey"] as? [String: Any])?["pk"] as? String ?? "")
      return (group["tests"] as? [[String: Any]] ?? []).map { test in
        Vector(
          id: test["tcId"] as? Int ?? 0, comment: test["comment"] as? String ?? "",
          publicKey: key, message: hexBytes(test["msg"] as? String ?? ""),
          signature: hexBytes(test["sig"] as? String ?? ""),
          valid: test["result"] as? String == "valid")
      }
    }
  }()

  @Test("the file holds Wycheproof's 151 tests")
  func allRead() {
    #expect(Self.vectors.count == 151)
    #expect(Self.vectors.contains { !$0.valid } && Self.vectors.contains(where: \.valid))
  }

  @Test("every Wycheproof vector gets its expected answer", arguments: vectors)
  func wycheproof(_ vector: Vector) {
    let key = try? Ed25519PublicKey(raw: vector.publicKey)
    let verified = key?.verifies(vector.signature, of: vector.message) ?? false
    #expect(verified == vector.valid)
  }

  @Test("a generated key signs what its public key verifies, and nothing else")
  func signAndVerify() throws {
    let key = try Ed25519PrivateKey.generate()
    let message = Array("herald".utf8)
    let signature = try key.sign(message)
    #expect(signature.count == 64)
    #expect(key.publicKey.verifies(signature, of: message))
    #expect(!key.publicKey.verifies(signature, of: Array("Herald".utf8)))
    let other = try Ed25519PrivateKey.generate()
    #expect(!other.publicKey.verifies(signature, of: message))
    #expect(key.publicKey.keyID.count == 16)
    #expect(try Ed25519PublicKey(base64: key.publicKey.base64) == key.publicKey)
  }

  @Test("RFC 8032's first test vector: a seed gives its public key and signature")
  func rfc8032() throws {
    // RFC 8032 §7.1, TEST 1, as OpenSSL writes its seed in PKCS#8.
    let pem = """
      -----BEGIN PRIVATE KEY-----
      MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
      -----END PRIVATE KEY-----

      """
    let key = try Ed25519PrivateKey(pem: pem)
    #expect(
      key.publicKey.raw
        == hexBytes("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"))
    #expect(
      try key.sign([UInt8]())
        == hexBytes(
          "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"))
    #expect(try key.pem() == pem, "written back as it was read")
  }

  @Test("a key file is 0600, never overwritten, and refused when others can read it")
  func keyFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.appending(path: "keys/channel.pem").path
    let key = try Ed25519PrivateKey.generate()
    try PrivateKeyFile.write(key, to: path)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try PrivateKeyFile.read(path).publicKey == key.publicKey)
    #expect(throws: SigningError.self) { try PrivateKeyFile.write(key, to: path) }
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    #expect(throws: SigningError.self) { try PrivateKeyFile.read(path) }
  }

  @Test("text that is not an Ed25519 private key is refused without echoing it")
  func refusesOtherKeys() {
    for text in [
      "", "secret-words", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    ] {
      do {
        _ = try Ed25519PrivateKey(pem: text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(!text.isEmpty ? !error.description.contains(text) : true)
      }
    }
    #expect(throws: SigningError.self) { try Ed25519PublicKey(base64: "not base64!") }
    #expect(throws: SigningError.self) { try Ed25519PublicKey(base64: "AAAA") }
  }
}
