import HeraldSigning

/// SHA-256 as deploys write it: lowercase hex.
enum HeraldDeploySHA {
  static func hex(_ bytes: [UInt8]) -> String { SHA256Digest.hex(bytes) }
}
