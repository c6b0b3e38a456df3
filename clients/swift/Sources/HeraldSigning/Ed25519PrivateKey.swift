import CCrypto
import Foundation

/// An Ed25519 private key: its RFC 8032 seed, kept in memory that is wiped when the key goes.
///
/// It is read from and written as PKCS#8 PEM (`BEGIN PRIVATE KEY`), as OpenSSL writes it.
package final class Ed25519PrivateKey: Sendable {
  private let seed: SecretBytes
  /// The matching public key.
  package let publicKey: Ed25519PublicKey

  private init(seed: SecretBytes) throws(SigningError) {
    self.seed = seed
    let raw: [UInt8]? = seed.withKey { key in
      var raw = [UInt8](repeating: 0, count: 32)
      var length = 32
      return EVP_PKEY_get_raw_public_key(key, &raw, &length) == 1 && length == 32 ? raw : nil
    }.flatMap { $0 }
    guard let raw else { throw SigningError("libcrypto could not derive the public key") }
    publicKey = try Ed25519PublicKey(raw: raw)
  }

  /// A new key from the system's random generator.
  package static func generate() throws(SigningError) -> Ed25519PrivateKey {
    _ = LibcryptoSetup.isReady
    let seed = SecretBytes(count: 32)
    guard seed.fill(RAND_priv_bytes) else {
      throw SigningError("the system's random generator failed")
    }
    return try Ed25519PrivateKey(seed: seed)
  }

  /// A key from its PKCS#8 PEM text; anything else (another algorithm, a public key, garbage) is
  /// refused without echoing the text.
  package convenience init(pem text: String) throws(SigningError) {
    _ = LibcryptoSetup.isReady
    let refused = SigningError(
      "the signing key is not an Ed25519 private key in PEM (BEGIN PRIVATE KEY)",
      hint: "make one with herald keys generate")
    let bytes = Array(text.utf8)
    let key: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
      defer { BIO_free(bio) }
      return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
    }
    ERR_clear_error()
    guard let key else { throw refused }
    defer { EVP_PKEY_free(key) }
    guard EVP_PKEY_get_base_id(key) == EVP_PKEY_ED25519 else { throw refused }
    let seed = SecretBytes(count: 32)
    var length = 32
    let read = seed.fill { bytes, count in
      EVP_PKEY_get_raw_private_key(key, bytes, &length) == 1 && length == Int(count) ? 1 : 0
    }
    guard read else { throw refused }
    try self.init(seed: seed)
  }

  /// The key as PKCS#8 PEM text.
  package func pem() throws(SigningError) -> String {
    let text: String? = seed.withKey { key in
      guard let bio = BIO_new(BIO_s_mem()) else { return nil }
      defer { BIO_free(bio) }
      guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else { return nil }
      var data: UnsafeMutablePointer<CChar>?
      let count = herald_bio_mem_data(bio, &data)
      guard let data, count > 0 else { return nil }
      return String(
        decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    }.flatMap { $0 }
    guard let text else { throw SigningError("libcrypto could not write the key as PEM") }
    return text
  }

  /// The 64-byte Ed25519 signature of a message.
  package func sign(_ message: some ContiguousBytes) throws(SigningError) -> [UInt8] {
    let signature: [UInt8]? = seed.withKey { key in
      guard let context = EVP_MD_CTX_new() else { return nil }
      defer { EVP_MD_CTX_free(context) }
      guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else { return nil }
      var signature = [UInt8](repeating: 0, count: 64)
      var length = 64
      let status = Self.withMessage(message) { bytes, count in
        EVP_DigestSign(context, &signature, &length, bytes, count)
      }
      return status == 1 && length == 64 ? signature : nil
    }.flatMap { $0 }
    guard let signature else { throw SigningError("libcrypto could not sign") }
    return signature
  }

  /// Calls `body` with a message's bytes; an empty message gets a valid pointer and no bytes, as
  /// libcrypto wants.
  static func withMessage<Result>(
    _ message: some ContiguousBytes, _ body: (UnsafePointer<UInt8>, Int) -> Result
  ) -> Result {
    message.withUnsafeBytes { input in
      if let base = input.baseAddress, input.count > 0 {
        return body(base.assumingMemoryBound(to: UInt8.self), input.count)
      }
      var none: UInt8 = 0
      return body(&none, 0)
    }
  }
}

/// Bytes of a secret in memory of their own, wiped (`OPENSSL_cleanse`) when released.
private final class SecretBytes: @unchecked Sendable {
  private let bytes: UnsafeMutablePointer<UInt8>
  private let count: Int

  init(count: Int) {
    self.count = count
    bytes = .allocate(capacity: count)
    bytes.initialize(repeating: 0, count: count)
  }

  deinit {
    OPENSSL_cleanse(bytes, count)
    bytes.deallocate()
  }

  /// Fills the bytes once, before the key is shared; whether the filler succeeded.
  func fill(_ filler: (UnsafeMutablePointer<UInt8>, Int32) -> Int32) -> Bool {
    filler(bytes, Int32(count)) == 1
  }

  /// Calls `body` with an EVP_PKEY made from the seed (freed after), or returns nil.
  func withKey<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
    guard let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, bytes, count) else {
      return nil
    }
    defer { EVP_PKEY_free(key) }
    return body(key)
  }
}
