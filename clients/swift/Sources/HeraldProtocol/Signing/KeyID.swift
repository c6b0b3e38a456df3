/// Key ids and digests as text.
package enum KeyID {
  /// A key's id: the first 16 hex digits of the SHA-256 of its raw public key.
  package static func of(_ publicKey: [UInt8], crypto: some SignatureChecking) -> String {
    String(hex(crypto.sha256(publicKey)).prefix(16))
  }

  /// Bytes in lowercase hex.
  package static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
