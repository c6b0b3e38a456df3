/// A 64-bit checksum of some bytes, for what herald keeps between builds (the cache's entries and
/// index, the output map): a damaged file must cost time, never correctness.
///
/// Each 8-byte word goes through a bijection of the running state (an odd multiplication, a
/// rotation, another), so a change confined to one word always changes the sum, and any other is
/// missed with a chance of about 2⁻⁶⁴. It is not keyed: whoever can write the cache can write its
/// key too, and the threat is a flipped bit, a torn write or an edit, not a forgery.
package enum Checksum {
  /// The checksum of the bytes.
  package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
    func mix(_ word: UInt64) {
      state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
      state = (state << 31 | state >> 33) &* 0xC2B2_AE3D_27D4_EB4F
    }
    let whole = bytes.count & ~7
    var offset = 0
    while offset < whole {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    var tail: UInt64 = 0
    for index in whole..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - whole)) }
    mix(tail)
    mix(UInt64(bytes.count))
    return state ^ (state >> 29)
  }

  /// The checksum of a byte array.
  package static func of(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { of($0) } }

  /// The bytes with their checksum after them, little-endian.
  package static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    sealed(bytes, checksum: of(bytes))
  }

  /// The bytes with a checksum already taken of them after them, little-endian.
  package static func sealed(_ bytes: [UInt8], checksum: UInt64) -> [UInt8] {
    var sealed = bytes
    sealed.reserveCapacity(bytes.count + 8)
    withUnsafeBytes(of: checksum.littleEndian) {
      sealed.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self))
    }
    return sealed
  }

  /// The bytes before the checksum, when the checksum that follows them is theirs; else nil.
  package static func opened(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    guard bytes.count >= 8 else { return nil }
    let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
    let stored = UInt64(
      littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    return of(body) == stored ? body : nil
  }
}
