import Foundation
import HeraldClient
import HeraldContent
import HeraldCore
import HeraldProtocol
import HeraldRender
import HeraldSigning
import HeraldTestSupport

/// The signed channel's cases (DESIGN §9): the conformance channel at n0 as exact bytes with a
/// statement signed by key A, and one case per way a read holds or fails.
///
/// The keys are RFC 8032's first two test keys: published, never a secret of anyone's.
extension ConformanceCases {
  /// The channel id the cases pin.
  static let signedChannelID = "com.example.conformance"
  /// When the statement is signed: n0.
  static let signedAt = Timestamp(seconds: 1_796_040_000)
  /// How long it holds.
  static let validFor: Int64 = 7 * 86_400

  /// RFC 8032's test key 1 (the channel's key) and test key 2 (another key).
  static let keyA = testKey("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
  static let keyB = testKey("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")

  /// A key from its seed, through the PKCS#8 PEM the tool reads.
  static func testKey(_ seed: String) -> Ed25519PrivateKey? {
    let der = hexBytes("302e020100300506032b657004220420" + seed)
    let pem =
      "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n"
      + "-----END PRIVATE KEY-----\n"
    return try? Ed25519PrivateKey(pem: pem)
  }

  /// Every document of the channel at n0, in every locale, by path, as herald writes it.
  static func signedDocuments(objects: Bool = false) throws -> [String: [UInt8]] {
    let loaded = try SiteLoader(siteDirectory: site.path).load()
    guard let site = loaded.site(), let now = Timestamp(nows[0].1) else {
      throw SiteLoadError.unreadable("the conformance site has errors")
    }
    var documents: [String: [UInt8]] = [:]
    for edition in Edition.all(site.config) {
      let manifests = ChannelManifests(
        site: site, options: BuildOptions(now: now), edition: edition)
      for (url, bytes) in try manifests.documents(objects: objects) {
        documents[String(url.dropFirst(manifests.baseURL.count))] = bytes
      }
    }
    return documents
  }

  /// A statement over documents.
  static func statement(
    _ documents: [String: [UInt8]], channel: String = signedChannelID, at time: Timestamp = signedAt
  ) -> ChannelStatement {
    ChannelStatement(
      channel: channel, signedAt: time, validFor: validFor,
      documents: documents.mapValues {
        ChannelStatement.Document(sha256: SHA256Digest.hex($0), bytes: $0.count)
      })
  }

  /// `signed.json` of a statement signed by keys, as text.
  static func envelope(_ statement: ChannelStatement, by keys: [Ed25519PrivateKey?]) -> String {
    let payload = statement.documentBytes
    let pae = SignedEnvelope.pae(payloadType: SignedEnvelope.statementType, payload: payload)
    let signatures = keys.compactMap { key in
      (key.flatMap { try? $0.sign(pae) }).map {
        SignedEnvelope.Signature(keyID: key?.publicKey.keyID ?? "", signature: $0)
      }
    }
    return String(
      decoding: SignedEnvelope(payload: payload, signatures: signatures).documentBytes,
      as: UTF8.self)
  }

  /// `channels/signed-n0.json`: the documents as exact text (their statement hashes the bytes),
  /// with `api/v1/signed.json` signed by key A.
  static func signedChannel() throws -> JSONValue {
    let documents = try signedDocuments()
    var text = documents.mapValues { JSONValue.string(String(decoding: $0, as: UTF8.self)) }
    text[SignedEnvelope.path] = .string(envelope(statement(documents), by: [keyA]))
    return .object([
      "baseURL": .string(signedBaseURL), "documentText": .object(text),
    ])
  }

  /// The conformance channel's base URL.
  static let signedBaseURL = "https://conformance.example/news/"

  /// The pinning of an app: the channel, keys and wall keys (public, base64), and the highest
  /// generation it accepted before.
  static func pinning(
    channel: String = signedChannelID, keys: [Ed25519PrivateKey?] = [keyA],
    wallKeys: [Ed25519PrivateKey?] = [], highestGeneration: Int64? = nil
  ) -> JSONValue {
    func texts(_ keys: [Ed25519PrivateKey?]) -> JSONValue {
      .array(keys.compactMap { $0.map { .string($0.publicKey.base64) } })
    }
    var fields: [String: JSONValue] = [
      "channel": .string(channel), "keys": texts(keys), "wallKeys": texts(wallKeys),
    ]
    if let highestGeneration { fields["highestGeneration"] = .integer(Int(highestGeneration)) }
    return .object(fields)
  }

  /// Every signed case.
  static func signedSpecs() -> [Spec] {
    guard let documents = try? signedDocuments() else { return [] }
    let good = statement(documents)
    let signedJSON = SignedEnvelope.path
    func body(_ text: String) -> JSONValue { .object(["body": .string(text)]) }
    func signed(
      _ name: String, _ description: String, version: String = "1.0",
      pinning: JSONValue? = pinning(), faults: [String: JSONValue] = [:], clock: String? = nil,
      failure: (SignedSpec.Stage, StatementFailure)? = nil
    ) -> Spec {
      var spec = Spec(name: "signed-\(name)", description: description, version: version)
      spec.faults = faults
      spec.clock = clock
      spec.signed = SignedSpec(pinning: pinning, failure: failure)
      return spec
    }
    // A statement changed after signing: a later generation, the signature of the first kept.
    let forgedPayload: String = {
      let original = envelope(good, by: [keyA])
      guard case .success(var read) = SignedEnvelope.decode(Data(original.utf8)) else { return "" }
      read.payload =
        statement(documents, at: Timestamp(seconds: signedAt.seconds + 3600))
        .documentBytes
      return String(decoding: read.documentBytes, as: UTF8.self)
    }()
    // The forgery: a wall with a phishing link added by hand to a manifest.
    let manifest = "api/v1/ios/1.0.0.json"
    let forgedManifest: String = {
      guard let bytes = documents[manifest],
        case .object(var fields) = (try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)))
          ?? .null,
        case .array(var rows)? = fields["announcements"], case .object(var row)? = rows.first
      else { return "" }
      row["id"] = .string("forged")
      row["blocking"] = .bool(true)
      row["severity"] = .string("CRITICAL")
      row["actionUrl"] = .string("https://evil.example/phish")
      rows.insert(.object(row), at: 0)
      fields["announcements"] = .array(rows)
      return JSONValue.object(fields).document
    }()
    let expiry = Timestamp(seconds: signedAt.seconds + validFor)
    return [
      signed("good", "a statement by the pinned key: the channel as built, the wall included"),
      signed(
        "rotated", "signed by the next key, which the app pins beside the first: no update needed",
        pinning: pinning(keys: [keyA, keyB]), faults: [signedJSON: body(envelope(good, by: [keyB]))]
      ),
      signed(
        "clock-behind", "the app's clock an hour behind the signing time: still believed",
        clock: Timestamp(seconds: signedAt.seconds - 3600).rfc3339),
      signed(
        "clock-ahead", "the app's clock an hour ahead: still believed",
        clock: Timestamp(seconds: signedAt.seconds + 3600).rfc3339),
      signed(
        "tampered-statement", "a statement changed after it was signed: signature, nothing shown",
        faults: [signedJSON: body(forgedPayload)], failure: (.statement, .signature(""))),
      signed(
        "tampered-manifest",
        "a wall added to the manifest by hand: its hash differs, nothing shown",
        faults: [manifest: body(forgedManifest)], failure: (.manifest, .hash(manifest))),
      signed(
        "tampered-live", "an unlisted version's live.json edited: hash", version: "1.5",
        faults: ["api/v1/ios/live.json": body("{}\n")],
        failure: (.manifest, .hash("api/v1/ios/live.json"))),
      signed(
        "unpinned-key", "signed by a key the app does not pin: key",
        faults: [signedJSON: body(envelope(good, by: [keyB]))], failure: (.statement, .key(""))),
      signed(
        "other-channel", "another channel's statement, by the same key: channel",
        faults: [
          signedJSON: body(envelope(statement(documents, channel: "com.example.other"), by: [keyA]))
        ], failure: (.statement, .channel(expected: "", found: ""))),
      signed(
        "rollback", "an older generation than one accepted before: rollback",
        pinning: pinning(highestGeneration: good.generation + 1),
        failure: (.statement, .rollback(accepted: 0, found: 0))),
      signed(
        "same-generation", "the generation accepted before, again: believed",
        pinning: pinning(highestGeneration: good.generation)),
      signed(
        "expired", "at the statement's expiry: expired, nothing shown", clock: expiry.rfc3339,
        failure: (.statement, .expired(expiry))),
      signed(
        "missing", "no signed.json (404) when keys are pinned: signature",
        faults: [signedJSON: .object(["status": .integer(404)])],
        failure: (.statement, .signature(""))),
      signed(
        "wall-unapproved",
        "wall keys pinned and only the channel's key signed: archive and badge, no wall",
        pinning: pinning(wallKeys: [keyB]), failure: (.rows, .key(""))),
      signed(
        "wall-approved", "wall keys pinned and a wall key signed too: the wall",
        pinning: pinning(wallKeys: [keyB]),
        faults: [signedJSON: body(envelope(good, by: [keyA, keyB]))]),
      signed(
        "no-wall-unapproved", "wall keys pinned, a version with no wall: as built",
        version: "2.0.0", pinning: pinning(wallKeys: [keyB])),
      signed(
        "not-pinned", "an app that pins nothing ignores signed.json, even a broken one",
        pinning: nil, faults: [signedJSON: body("not a statement")]),
    ]
  }
}
