import Foundation

/// The payload of `api/v1/signed.json` (DESIGN §9): which channel, when it was signed and until
/// when it holds, and the SHA-256 and size of every document an app reads.
package struct ChannelStatement: Sendable, Hashable {
  /// The channel's id, as herald.yaml's `signing.channel` and the app pin it.
  package var channel: String
  /// The statement's generation, `signedAt` in seconds: an app refuses one below the highest it
  /// accepted, so an old statement cannot be replayed.
  package var generation: Int64
  /// When it was signed.
  package var signedAt: Timestamp
  /// When it stops being believed.
  package var expiresAt: Timestamp
  /// Every document an app reads, by its path in the output (`api/v1/ios/2.0.0.json`).
  package var documents: [String: Document]

  /// What a document must be.
  package struct Document: Sendable, Hashable {
    /// The SHA-256 of its bytes, in lowercase hex.
    package var sha256: String
    /// Its size in bytes.
    package var bytes: Int

    /// Describes a document.
    package init(sha256: String, bytes: Int) {
      self.sha256 = sha256
      self.bytes = bytes
    }
  }

  /// Makes a statement signed at a time, valid for a number of seconds.
  package init(
    channel: String, signedAt: Timestamp, validFor: Int64, documents: [String: Document]
  ) {
    self.channel = channel
    self.signedAt = signedAt
    generation = signedAt.seconds
    expiresAt = Timestamp(seconds: signedAt.seconds + validFor)
    self.documents = documents
  }

  /// The payload's bytes: sorted keys, herald's indentation.
  package var documentBytes: [UInt8] {
    JSONValue.object([
      "channel": .string(channel),
      "generation": .integer(Int(generation)),
      "signedAt": .string(signedAt.rfc3339),
      "expiresAt": .string(expiresAt.rfc3339),
      "documents": .object(
        documents.mapValues {
          .object(["sha256": .string($0.sha256), "bytes": .integer($0.bytes)])
        }
      ),
    ]).documentBytes
  }

  /// Reads a payload's bytes; the error says why they are not a statement.
  package static func decode(_ bytes: [UInt8]) -> Result<ChannelStatement, StatementFailure> {
    if let problem = DocumentBytes.problem(in: bytes) {
      return .failure(.signature("the statement is not a document: \(problem)"))
    }
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(bytes)) else {
      return .failure(.signature("the statement lacks a field or has one of the wrong type"))
    }
    guard wire.documents.values.allSatisfy({ Self.isDigest($0.sha256) && $0.bytes >= 0 }) else {
      return .failure(.signature("the statement lists a document without a SHA-256 or a size"))
    }
    var statement = ChannelStatement(
      channel: wire.channel, signedAt: wire.signedAt, validFor: 0,
      documents: wire.documents.mapValues { Document(sha256: $0.sha256, bytes: $0.bytes) })
    statement.generation = wire.generation
    statement.expiresAt = wire.expiresAt
    return .success(statement)
  }

  /// Whether a text is 64 lowercase hex digits.
  static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  private struct Wire: Decodable {
    let channel: String
    let generation: Int64
    let signedAt: Timestamp
    let expiresAt: Timestamp
    let documents: [String: WireDocument]
  }

  private struct WireDocument: Decodable {
    let sha256: String
    let bytes: Int
  }
}
