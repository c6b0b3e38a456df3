import Foundation

/// What an app pins of a signed channel (DESIGN §9) and the one order in which a reader checks
/// what it reads against it: a signature by a pinned key, the channel, the generation, the
/// expiry; then each document's hash, and a wall key's signature for a wall.
package struct ChannelTrust: Sendable, Hashable {
  /// The channel's id.
  package let channel: String
  /// The raw public keys whose signatures the app believes.
  package let keys: [[UInt8]]
  /// The keys of which one must also have signed a statement the app shows a wall under (each is
  /// a pinned key as well); empty when any pinned key may.
  package let wallKeys: [[UInt8]]

  /// Pins a channel's keys.
  package init(channel: String, keys: [[UInt8]], wallKeys: [[UInt8]] = []) {
    self.channel = channel
    self.keys = keys
    self.wallKeys = wallKeys
  }

  /// A statement that held, and whether a wall key signed it.
  package struct Verified: Sendable, Hashable {
    /// The statement.
    package let statement: ChannelStatement
    /// Whether a pinned wall key's signature verified (always true when no wall keys are pinned).
    package let wallSigned: Bool
  }

  /// Checks `signed.json`'s bytes: a pinned key's signature, the channel, a generation not below
  /// `highestGeneration`, a time before the expiry.
  package func verify(
    _ envelopeBytes: Data, highestGeneration: Int64?, now: Timestamp,
    crypto: some SignatureChecking
  ) -> Result<Verified, StatementFailure> {
    let envelope: SignedEnvelope
    switch SignedEnvelope.decode(envelopeBytes) {
    case .success(let decoded): envelope = decoded
    case .failure(let failure): return .failure(failure)
    }
    guard envelope.payloadType == SignedEnvelope.statementType else {
      return .failure(.signature("the payload type is \(envelope.payloadType)"))
    }
    let message = envelope.pae
    var byPinnedKey = false
    var verifiedKeys: [[UInt8]] = []
    // A wall key is a key too, as herald.yaml requires: its signature alone is believed.
    for key in keys + wallKeys.filter({ !keys.contains($0) }) {
      let id = KeyID.of(key, crypto: crypto)
      for signature in envelope.signatures where signature.keyID == id {
        byPinnedKey = true
        if crypto.isValid(signature: signature.signature, of: message, by: key) {
          verifiedKeys.append(key)
          break
        }
      }
    }
    guard byPinnedKey else {
      let ids = envelope.signatures.map(\.keyID).joined(separator: ", ")
      return .failure(.key(ids.isEmpty ? "it has no signature" : "it is signed by \(ids)"))
    }
    guard !verifiedKeys.isEmpty else {
      return .failure(.signature("a pinned key's signature does not verify"))
    }
    let statement: ChannelStatement
    switch ChannelStatement.decode(envelope.payload) {
    case .success(let decoded): statement = decoded
    case .failure(let failure): return .failure(failure)
    }
    guard statement.channel == channel else {
      return .failure(.channel(expected: channel, found: statement.channel))
    }
    if let highestGeneration, statement.generation < highestGeneration {
      return .failure(.rollback(accepted: highestGeneration, found: statement.generation))
    }
    guard now < statement.expiresAt else { return .failure(.expired(statement.expiresAt)) }
    let wallSigned = wallKeys.isEmpty || verifiedKeys.contains { wallKeys.contains($0) }
    return .success(Verified(statement: statement, wallSigned: wallSigned))
  }

  /// Why a document's bytes are not the ones a verified statement lists at its path, or nil.
  package static func problem(
    document bytes: Data, path: String, in statement: ChannelStatement,
    crypto: some SignatureChecking
  ) -> StatementFailure? {
    guard let listed = statement.documents[path], listed.bytes == bytes.count,
      KeyID.hex(crypto.sha256(Array(bytes))) == listed.sha256
    else { return .hash(path) }
    return nil
  }

  /// Why rows an app would decide from may not be shown under a statement: a wall with no pinned
  /// wall key's signature.
  package static func problem(rows: [ManifestRow], under verified: Verified) -> StatementFailure? {
    guard !verified.wallSigned, let wall = rows.first(where: \.blocking) else { return nil }
    return .key("\(wall.id) is a wall, and no pinned wall key signed the statement")
  }
}
