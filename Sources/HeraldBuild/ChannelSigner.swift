import HeraldCore

/// A private key a build signs its channel with (DESIGN §9), behind a seam so the build needs no
/// cryptography library: the command line hands one in from HeraldSigning.
package protocol ChannelSigner: Sendable {
  /// The raw 32-byte public key, which herald.yaml's `signing.keys` must list.
  var publicKey: [UInt8] { get }
  /// The key id signatures name.
  var keyID: String { get }
  /// An Ed25519 signature of a message.
  func sign(_ message: [UInt8]) throws -> [UInt8]
  /// The SHA-256 of some bytes.
  func sha256(_ bytes: [UInt8]) -> [UInt8]
}

/// Whether and with what a build signs.
package enum BuildSigning: Sendable {
  /// Never signed: `serve`, and `build --unsigned` for a preview.
  case unsigned
  /// Signed when herald.yaml has `signing`, with this key (a build without one is refused), at
  /// most a day ahead of `clock`, the machine's time.
  case required(signer: (any ChannelSigner)?, clock: Timestamp)
}

/// What a signed build signed, for its summary.
package struct SignatureReport: Sendable {
  /// The key that signed.
  package let keyID: String
  /// The statement.
  package let statement: ChannelStatement
  /// Whether a document it covers holds a wall (a blocking row).
  package let coversWall: Bool
  /// Whether a wall key of herald.yaml signed it (true when there are none).
  package let wallSigned: Bool
}
