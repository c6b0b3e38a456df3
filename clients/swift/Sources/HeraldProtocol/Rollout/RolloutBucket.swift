/// A user's bucket for a rolled-out record (DESIGN §5.8): one number in 0..<10000 per (user,
/// record), the same in every client, so a user inside a share stays inside as it grows.
package enum RolloutBucket {
  /// How many buckets there are: a share of 1% is 100 of them.
  package static let count: UInt32 = 10_000

  /// `fmix32(FNV-1a-32(UTF-8 of "herald:v1:" + salt + ":" + stableID)) mod 10000`.
  ///
  /// - Parameters:
  ///   - salt: the record's `id`, unless the record names another salt.
  ///   - stableID: the signed-in user's id, else the install's own id.
  package static func of(salt: String, stableID: String) -> Int {
    var hash: UInt32 = 0x811C_9DC5
    for byte in "herald:v1:\(salt):\(stableID)".utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    return Int(fmix32(hash) % count)
  }

  /// MurmurHash3's 32-bit finaliser, which spreads FNV-1a's low bits over the whole word.
  static func fmix32(_ value: UInt32) -> UInt32 {
    var hash = value
    hash ^= hash >> 16
    hash = hash &* 0x85EB_CA6B
    hash ^= hash >> 13
    hash = hash &* 0xC2B2_AE35
    hash ^= hash >> 16
    return hash
  }
}
