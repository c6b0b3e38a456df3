import HeraldProtocol

#if canImport(CryptoKit)
  import CryptoKit
  import Foundation

  /// Ed25519 and SHA-256 from CryptoKit, on Apple's platforms.
  struct PlatformCrypto: SignatureChecking {
    func isValid(signature: [UInt8], of message: [UInt8], by publicKey: [UInt8]) -> Bool {
      guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else {
        return false
      }
      return key.isValidSignature(Data(signature), for: Data(message))
    }

    func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }
  }
#else
  import HeraldSigning

  /// Ed25519 and SHA-256 from libcrypto, where CryptoKit is not (Linux).
  typealias PlatformCrypto = LibcryptoChecking
#endif
