import Foundation

/// An Ed25519 public key as herald.yaml, `explain` and apps write it: the standard base64 of its
/// raw 32 bytes (RFC 8032), 44 characters ending in `=`.
package enum PublicKeyText {
  /// The length of a raw Ed25519 public key, in bytes.
  package static let rawLength = 32

  /// The raw key a text spells, or nil when it is not the base64 of exactly 32 bytes (whitespace
  /// around it is allowed; inside it, or a URL-safe alphabet, is not).
  package static func raw(_ text: String) -> [UInt8]? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.utf8.count == 44, let data = Data(base64Encoded: trimmed),
      data.count == rawLength
    else { return nil }
    return Array(data)
  }

  /// The text of a raw key.
  package static func text(_ raw: [UInt8]) -> String { Data(raw).base64EncodedString() }

  /// Whether a text looks like a private key (PEM, or the base64 of an Ed25519 PKCS#8 key), so
  /// a message can say so without repeating it.
  package static func looksPrivate(_ text: String) -> Bool {
    text.contains("PRIVATE KEY") || text.trimmingCharacters(in: .whitespaces).hasPrefix("MC4CAQAw")
  }
}
