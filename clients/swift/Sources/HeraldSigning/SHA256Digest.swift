import CCrypto
import Foundation
import HeraldProtocol

/// SHA-256, through libcrypto.
package enum SHA256Digest {
  /// The 32-byte digest of some bytes.
  package static func of(_ bytes: some ContiguousBytes) -> [UInt8] {
    _ = LibcryptoSetup.isReady
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let status = bytes.withUnsafeBytes { input in
      EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
    }
    // EVP_Digest with SHA-256 fails only when the library cannot allocate.
    guard status == 1 else { return [] }
    return Array(digest.prefix(Int(length)))
  }

  /// The digest as lowercase hex.
  package static func hex(_ bytes: some ContiguousBytes) -> String { KeyID.hex(of(bytes)) }
}
