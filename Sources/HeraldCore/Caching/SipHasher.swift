/// SipHash-2-4 with a 128-bit tag (Aumasson and Bernstein), fed incrementally.
///
/// Checked against the reference implementation's vectors; keyed, so its tags cannot be predicted
/// without the key.
package struct SipHasher: Sendable {
  private var v0: UInt64
  private var v1: UInt64
  private var v2: UInt64
  private var v3: UInt64
  private var tail: UInt64 = 0
  private var tailCount = 0
  private var length = 0

  /// Starts a hash with a 128-bit key.
  package init(key: Fingerprint) {
    let (k0, k1) = (key.high, key.low)
    v0 = k0 ^ 0x736f_6d65_7073_6575
    v1 = k1 ^ 0x646f_7261_6e64_6f6d ^ 0xee
    v2 = k0 ^ 0x6c79_6765_6e65_7261
    v3 = k1 ^ 0x7465_6462_7974_6573
  }

  /// Starts a hash with the key given as 16 bytes, as the reference implementation takes it.
  package init(keyBytes: [UInt8]) {
    self.init(key: Self.keyFingerprint(keyBytes))
  }

  /// A key given as 16 bytes (little-endian words, as the reference implementation reads them).
  package static func keyFingerprint(_ bytes: [UInt8]) -> Fingerprint {
    func word(_ offset: Int) -> UInt64 {
      (0..<8).reduce(UInt64(0)) {
        $0 | UInt64(offset + $1 < bytes.count ? bytes[offset + $1] : 0) << (8 * UInt64($1))
      }
    }
    return Fingerprint(high: word(0), low: word(8))
  }

  private mutating func round() {
    v0 &+= v1
    v1 = (v1 << 13) | (v1 >> 51)
    v1 ^= v0
    v0 = (v0 << 32) | (v0 >> 32)
    v2 &+= v3
    v3 = (v3 << 16) | (v3 >> 48)
    v3 ^= v2
    v0 &+= v3
    v3 = (v3 << 21) | (v3 >> 43)
    v3 ^= v0
    v2 &+= v1
    v1 = (v1 << 17) | (v1 >> 47)
    v1 ^= v2
    v2 = (v2 << 32) | (v2 >> 32)
  }

  private mutating func compress(_ word: UInt64) {
    v3 ^= word
    round()
    round()
    v0 ^= word
  }

  /// Adds bytes.
  package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
    length &+= bytes.count
    var index = 0
    let count = bytes.count
    // Finish a partial word left by the previous call.
    while tailCount > 0 && tailCount < 8 && index < count {
      tail |= UInt64(bytes[index]) << (8 * UInt64(tailCount))
      tailCount += 1
      index += 1
    }
    if tailCount == 8 {
      compress(tail)
      tail = 0
      tailCount = 0
    }
    while index + 8 <= count {
      compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      index += 8
    }
    while index < count {
      tail |= UInt64(bytes[index]) << (8 * UInt64(tailCount))
      tailCount += 1
      index += 1
    }
  }

  /// Adds bytes.
  package mutating func combine(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { combine($0) }
  }

  /// Adds a string's UTF-8 bytes and its length, so that ("ab", "c") and ("a", "bc") differ.
  package mutating func combine(_ text: String) {
    var text = text
    text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    combine(UInt64(text.utf8.count))
  }

  /// Adds a number's eight bytes, little-endian: the same as adding those bytes, without going
  /// through them one by one (a rebuild adds hundreds of thousands of numbers and fingerprints).
  package mutating func combine(_ value: UInt64) {
    length &+= 8
    guard tailCount > 0 else { return compress(value) }
    let shift = UInt64(8 * tailCount)
    compress(tail | value << shift)
    tail = value >> (64 - shift)
  }

  /// Adds a fingerprint's sixteen bytes.
  package mutating func combine(_ value: Fingerprint) {
    combine(value.high)
    combine(value.low)
  }

  /// The 128-bit tag.
  package consuming func finalize() -> Fingerprint {
    compress(tail | UInt64(truncatingIfNeeded: length) << 56)
    v2 ^= 0xee
    for _ in 0..<4 { round() }
    let first = v0 ^ v1 ^ v2 ^ v3
    v1 ^= 0xdd
    for _ in 0..<4 { round() }
    let second = v0 ^ v1 ^ v2 ^ v3
    return Fingerprint(high: first, low: second)
  }
}
