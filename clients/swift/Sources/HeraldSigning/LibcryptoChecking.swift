import HeraldProtocol

/// Ed25519 verification and SHA-256 through libcrypto: what the tool and, on Linux, HeraldClient
/// check a signed channel with.
package struct LibcryptoChecking: SignatureChecking {
  /// Makes the checker.
  package init() { _ = LibcryptoSetup.isReady }

  /// Whether a signature of a message verifies under a raw public key.
  package func isValid(signature: [UInt8], of message: [UInt8], by publicKey: [UInt8]) -> Bool {
    guard let key = try? Ed25519PublicKey(raw: publicKey) else { return false }
    return key.verifies(signature, of: message)
  }

  /// The SHA-256 of some bytes.
  package func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256Digest.of(bytes) }
}
