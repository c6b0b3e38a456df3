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
    var running = Running(count: bytes.count)
    let taken = running.takeWords(bytes)
    return running.finish(UnsafeRawBufferPointer(rebasing: bytes[taken...]))
  }

  /// A checksum taken in two steps, of bytes whose count is known from the start: the whole
  /// words of those known first, then the rest once they are known (a snapshot's bytes are
  /// summed while the build writes its files, and sealed with the output map's checksum after).
  package struct Running: Sendable {
    private var state: UInt64
    /// The count of all the bytes summed.
    package let count: Int
    /// How many bytes were taken so far, a whole number of words.
    package private(set) var taken = 0

    /// Starts the checksum of `count` bytes.
    package init(count: Int) {
      self.count = count
      state = 0x243F_6A88_85A3_08D3 ^ UInt64(count)
    }

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
      state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
      state = (state << 31 | state >> 33) &* 0xC2B2_AE3D_27D4_EB4F
    }

    /// Takes the whole words at the start of bytes that follow those taken so far; returns how
    /// many bytes it took.
    package mutating func takeWords(_ bytes: UnsafeRawBufferPointer) -> Int {
      let whole = Swift.min(bytes.count, count - taken) & ~7
      var offset = 0
      while offset < whole {
        mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      taken += whole
      return whole
    }

    /// The checksum, given the bytes after those taken (`count - taken` of them).
    package func finish(_ rest: UnsafeRawBufferPointer) -> UInt64 {
      var running = self
      let whole = running.takeWords(rest)
      var tail: UInt64 = 0
      for index in whole..<rest.count {
        tail |= UInt64(rest[index]) << (8 * UInt64(index - whole))
      }
      running.mix(tail)
      running.mix(UInt64(count))
      return running.state ^ (running.state >> 29)
    }
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
