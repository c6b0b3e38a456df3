/// The two primitives a reader verifies with, from its platform (CryptoKit on Apple, libcrypto on
/// Linux).
package protocol SignatureChecking: Sendable {
  /// Whether a 64-byte Ed25519 signature of a message verifies under a raw 32-byte public key.
  func isValid(signature: [UInt8], of message: [UInt8], by publicKey: [UInt8]) -> Bool
  /// The SHA-256 of some bytes.
  func sha256(_ bytes: [UInt8]) -> [UInt8]
}
