import Foundation
import HeraldProtocol
import HeraldSigning
import Testing

/// The order an app checks a signed channel in (DESIGN §9), with real keys through libcrypto.
@Suite("A signed channel's statement")
struct ChannelTrustTests {
  static let crypto = LibcryptoChecking()
  static let signedAt = Timestamp(seconds: 1_800_000_000)
  static let manifest = Data("{\"rows\": []}\n".utf8)

  let key1: Ed25519PrivateKey
  let key2: Ed25519PrivateKey

  init() throws {
    key1 = try Ed25519PrivateKey.generate()
    key2 = try Ed25519PrivateKey.generate()
  }

  func statement(channel: String = "com.example.app", at time: Timestamp = signedAt)
    -> ChannelStatement
  {
    ChannelStatement(
      channel: channel, signedAt: time, validFor: 7 * 86_400,
      documents: [
        "api/v1/ios/live.json": .init(
          sha256: KeyID.hex(SHA256Digest.of(Self.manifest)), bytes: Self.manifest.count)
      ])
  }

  func envelope(_ statement: ChannelStatement, by keys: [Ed25519PrivateKey]) throws -> Data {
    let payload = statement.documentBytes
    let pae = SignedEnvelope.pae(payloadType: SignedEnvelope.statementType, payload: payload)
    let signatures = try keys.map {
      SignedEnvelope.Signature(keyID: $0.publicKey.keyID, signature: try $0.sign(pae))
    }
    return Data(SignedEnvelope(payload: payload, signatures: signatures).documentBytes)
  }

  func trust(wallKeys: [Ed25519PrivateKey] = []) -> ChannelTrust {
    ChannelTrust(
      channel: "com.example.app", keys: [key1.publicKey.raw, key2.publicKey.raw],
      wallKeys: wallKeys.map(\.publicKey.raw))
  }

  func failure(
    _ bytes: Data, trust: ChannelTrust? = nil, highest: Int64? = nil,
    now: Timestamp = Timestamp(seconds: signedAt.seconds + 60)
  ) -> String? {
    switch (trust ?? self.trust()).verify(
      bytes, highestGeneration: highest, now: now, crypto: Self.crypto)
    {
    case .success: return nil
    case .failure(let failure): return failure.code
    }
  }

  @Test("a statement a pinned key signed holds, and its key id is the tool's")
  func good() throws {
    let bytes = try envelope(statement(), by: [key1])
    let verified = try trust().verify(
      bytes, highestGeneration: Self.signedAt.seconds, now: Self.signedAt, crypto: Self.crypto
    ).get()
    #expect(verified.statement == statement())
    #expect(KeyID.of(key1.publicKey.raw, crypto: Self.crypto) == key1.publicKey.keyID)
    #expect(
      ChannelTrust.problem(
        document: Self.manifest, path: "api/v1/ios/live.json", in: verified.statement,
        crypto: Self.crypto) == nil)
  }

  @Test("each failure has its reason")
  func failures() throws {
    let good = try envelope(statement(), by: [key1])
    // A payload changed after signing: the signature of the pinned key no longer verifies.
    var tampered = try JSONSerialization.jsonObject(with: good) as? [String: Any] ?? [:]
    let forged = statement(channel: "com.example.app", at: Timestamp(seconds: 1_900_000_000))
    tampered["payload"] = Data(forged.documentBytes).base64EncodedString()
    let tamperedBytes = try JSONSerialization.data(withJSONObject: tampered)
    #expect(failure(tamperedBytes) == "signature")
    #expect(failure(Data("not json".utf8)) == "signature")
    let stranger = try Ed25519PrivateKey.generate()
    #expect(failure(try envelope(statement(), by: [stranger])) == "key")
    #expect(failure(try envelope(statement(channel: "com.other.app"), by: [key1])) == "channel")
    #expect(failure(good, highest: Self.signedAt.seconds + 1) == "rollback")
    #expect(failure(good, now: Timestamp(seconds: Self.signedAt.seconds + 7 * 86_400)) == "expired")
    let edited = Data("{\"rows\": [1]}\n".utf8)
    let verified = try trust().verify(
      good, highestGeneration: nil, now: Self.signedAt, crypto: Self.crypto
    ).get()
    #expect(
      ChannelTrust.problem(
        document: edited, path: "api/v1/ios/live.json", in: verified.statement,
        crypto: Self.crypto)?.code == "hash")
    #expect(
      ChannelTrust.problem(
        document: Self.manifest, path: "api/v1/ios/1.0.0.json", in: verified.statement,
        crypto: Self.crypto)?.code == "hash")
  }

  @Test("a clock an hour either way of the signing time still believes the statement")
  func skew() throws {
    let good = try envelope(statement(), by: [key1])
    for offset in [-3600, 3600] as [Int64] {
      #expect(failure(good, now: Timestamp(seconds: Self.signedAt.seconds + offset)) == nil)
    }
  }

  @Test("a wall needs a pinned wall key's signature, when wall keys are pinned")
  func walls() throws {
    let wall = ManifestRow(
      id: "upgrade", severity: .critical, kind: .updateAvailable, title: "Update",
      blocking: true, publishedAt: Self.signedAt)
    let strip = ManifestRow(
      id: "news", severity: .info, kind: .whatsNew, title: "News", publishedAt: Self.signedAt)
    let byCI = try envelope(statement(), by: [key1])
    let both = try envelope(statement(), by: [key1, key2])
    let walled = trust(wallKeys: [key2])
    let ciOnly = try walled.verify(
      byCI, highestGeneration: nil, now: Self.signedAt, crypto: Self.crypto
    ).get()
    #expect(ChannelTrust.problem(rows: [strip, wall], under: ciOnly)?.code == "key")
    #expect(ChannelTrust.problem(rows: [strip], under: ciOnly) == nil)
    let approved = try walled.verify(
      both, highestGeneration: nil, now: Self.signedAt, crypto: Self.crypto
    ).get()
    #expect(ChannelTrust.problem(rows: [wall], under: approved) == nil)
    let unpinnedWalls = try trust().verify(
      byCI, highestGeneration: nil, now: Self.signedAt, crypto: Self.crypto
    ).get()
    #expect(ChannelTrust.problem(rows: [wall], under: unpinnedWalls) == nil)
  }

  @Test("the PAE is DSSE's, and an envelope's bytes read back")
  func envelopeBytes() throws {
    #expect(
      SignedEnvelope.pae(payloadType: "t", payload: Array("hi".utf8))
        == Array("DSSEv1 1 t 2 hi".utf8))
    let bytes = try envelope(statement(), by: [key2, key1])
    let read = try SignedEnvelope.decode(bytes).get()
    #expect(read.signatures.map(\.keyID) == [key1, key2].map(\.publicKey.keyID).sorted())
    #expect(Data(read.documentBytes) == bytes)
    #expect(try ChannelStatement.decode(read.payload).get() == statement())
  }
}
