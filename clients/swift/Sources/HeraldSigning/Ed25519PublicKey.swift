import CCrypto
import Foundation
import HeraldProtocol

/// An Ed25519 public key (RFC 8032): the raw 32 bytes, written as base64 in herald.yaml and apps.
package struct Ed25519PublicKey: Sendable, Hashable {
  /// The raw 32 bytes.
  package let raw: [UInt8]

  /// A key from its raw 32 bytes.
  package init(raw: [UInt8]) throws(SigningError) {
    _ = LibcryptoSetup.isReady
    guard raw.count == 32 else {
      throw SigningError("an Ed25519 public key is 32 bytes, not \(raw.count)")
    }
    self.raw = raw
  }

  /// A key from the base64 of its raw 32 bytes, as `herald keys generate` prints it (the text is
  /// never repeated: a private key pasted by mistake stays out of the message).
  package init(base64 text: String) throws(SigningError) {
    guard let raw = PublicKeyText.raw(text) else {
      throw SigningError(
        "the text is not the base64 of an Ed25519 public key's 32 bytes",
        hint: "paste the public key herald keys generate printed")
    }
    self.raw = raw
  }

  /// The base64 of the raw key.
  package var base64: String { PublicKeyText.text(raw) }

  /// The key id: the first 16 hex digits of the SHA-256 of the raw key.
  package var keyID: String { KeyID.of(raw, crypto: LibcryptoChecking()) }

  /// Whether a signature of a message verifies with this key.
  package func verifies(_ signature: [UInt8], of message: some ContiguousBytes) -> Bool {
    guard signature.count == 64,
      let key = raw.withUnsafeBufferPointer({ bytes in
        EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, bytes.baseAddress, bytes.count)
      })
    else { return false }
    defer { EVP_PKEY_free(key) }
    guard let context = EVP_MD_CTX_new() else { return false }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
    let status = Ed25519PrivateKey.withMessage(message) { bytes, count in
      signature.withUnsafeBufferPointer { signed in
        EVP_DigestVerify(context, signed.baseAddress, signed.count, bytes, count)
      }
    }
    return status == 1
  }
}
