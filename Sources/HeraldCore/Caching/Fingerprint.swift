/// A 128-bit keyed hash (SipHash-2-4-128) of some bytes: what the build cache and the output map
/// compare instead of the bytes themselves.
///
/// The key is secret to the cache, so a record written to collide with another cannot be crafted.
package struct Fingerprint: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The first 64 bits of the tag.
  package let high: UInt64
  /// The last 64 bits of the tag.
  package let low: UInt64

  /// Makes a fingerprint from its two halves.
  package init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The zero fingerprint, which no hash is expected to give.
  package static let zero = Fingerprint(high: 0, low: 0)

  /// Orders fingerprints by their bits.
  package static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }

  /// The 32 hexadecimal digits.
  package var description: String {
    func hex(_ value: UInt64) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return hex(high) + hex(low)
  }
}
