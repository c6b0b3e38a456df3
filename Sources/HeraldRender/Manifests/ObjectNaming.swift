import HeraldCore
import HeraldSigning

/// Names the content-addressed copy of a document apps read (DESIGN §3): the SHA-256 of its bytes,
/// under `api/v1/objects/`, one folder for every edition.
package enum ObjectNaming {
  /// The output path of the copy of some bytes.
  package static func path(of bytes: [UInt8]) -> String {
    ChannelIndex.DocumentObject.path(sha256: SHA256Digest.hex(bytes))
  }

  /// The channel's entry for some bytes, whose copy lives under a base URL.
  package static func object(of bytes: [UInt8], base: String) -> ChannelIndex.DocumentObject {
    let sha256 = SHA256Digest.hex(bytes)
    return ChannelIndex.DocumentObject(
      url: base + ChannelIndex.DocumentObject.path(sha256: sha256), sha256: sha256,
      bytes: bytes.count)
  }
}
