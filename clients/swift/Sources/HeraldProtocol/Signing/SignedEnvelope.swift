import Foundation

/// `api/v1/signed.json` (DESIGN §9): a DSSE envelope whose payload is the channel's statement and
/// whose signatures are Ed25519 signatures of DSSE's pre-authentication encoding of it, so the
/// payload's bytes are signed as they are and no canonical JSON is needed.
package struct SignedEnvelope: Sendable, Hashable {
  /// The statement's media type, the only one a reader accepts.
  package static let statementType = "application/vnd.herald.channel+json"
  /// The envelope's path in the output, beside the channel's `index.json`.
  package static let path = "api/v1/signed.json"

  /// The payload's media type.
  package var payloadType: String
  /// The payload's bytes (the statement's JSON).
  package var payload: [UInt8]
  /// The signatures, by key id.
  package var signatures: [Signature]

  /// One signature.
  package struct Signature: Sendable, Hashable {
    /// The first 16 hex digits of the SHA-256 of the signing key's raw public key.
    package var keyID: String
    /// The 64-byte Ed25519 signature of `SignedEnvelope.pae`.
    package var signature: [UInt8]

    /// Makes a signature.
    package init(keyID: String, signature: [UInt8]) {
      self.keyID = keyID
      self.signature = signature
    }
  }

  /// Makes an envelope.
  package init(payloadType: String = statementType, payload: [UInt8], signatures: [Signature]) {
    self.payloadType = payloadType
    self.payload = payload
    self.signatures = signatures
  }

  /// What a signature signs: DSSE's PAE, `DSSEv1 <len(type)> <type> <len(payload)> <payload>`
  /// with the lengths in ASCII decimal.
  package static func pae(payloadType: String, payload: [UInt8]) -> [UInt8] {
    let type = Array(payloadType.utf8)
    var bytes = Array("DSSEv1 \(type.count) ".utf8) + type
    bytes += Array(" \(payload.count) ".utf8)
    return bytes + payload
  }

  /// This envelope's PAE.
  package var pae: [UInt8] { Self.pae(payloadType: payloadType, payload: payload) }

  /// The envelope as herald writes it: sorted keys, signatures in key-id order.
  package var documentBytes: [UInt8] {
    let sorted = signatures.sorted { $0.keyID < $1.keyID }
    return JSONValue.object([
      "payloadType": .string(payloadType),
      "payload": .string(Data(payload).base64EncodedString()),
      "signatures": .array(
        sorted.map {
          .object([
            "keyid": .string($0.keyID), "sig": .string(Data($0.signature).base64EncodedString()),
          ])
        }),
    ]).documentBytes
  }

  /// The same envelope with a signature added, replacing one by the same key.
  package func adding(_ signature: Signature) -> SignedEnvelope {
    var envelope = self
    envelope.signatures.removeAll { $0.keyID == signature.keyID }
    envelope.signatures.append(signature)
    return envelope
  }

  /// Reads an envelope's bytes as every reader does (DocumentBytes, then the shape); the error
  /// says why they are not one.
  package static func decode(_ data: Data) -> Result<SignedEnvelope, StatementFailure> {
    if let problem = DocumentBytes.problem(in: data) {
      return .failure(.signature("signed.json is not a document: \(problem)"))
    }
    guard let wire = try? JSONDecoder().decode(Wire.self, from: data) else {
      return .failure(.signature("signed.json is not a DSSE envelope"))
    }
    guard let payload = Data(base64Encoded: wire.payload) else {
      return .failure(.signature("signed.json's payload is not base64"))
    }
    var signatures: [Signature] = []
    for entry in wire.signatures {
      // A signature that is not 64 bytes of base64 cannot verify; it is left out, so a good
      // one beside it still counts.
      guard let bytes = Data(base64Encoded: entry.sig), bytes.count == 64 else { continue }
      signatures.append(Signature(keyID: entry.keyid ?? "", signature: Array(bytes)))
    }
    return .success(
      SignedEnvelope(
        payloadType: wire.payloadType, payload: Array(payload), signatures: signatures))
  }

  private struct Wire: Decodable {
    let payloadType: String
    let payload: String
    let signatures: [WireSignature]
  }

  private struct WireSignature: Decodable {
    let keyid: String?
    let sig: String
  }
}
