import CZlib
import HeraldCore

/// zlib's CRC-32 of some bytes, for what herald keeps between builds (the cache's entries and the
/// output map): a damaged file must cost time, never correctness.
///
/// A CRC-32 catches every error of up to 32 bits in a row (a flipped bit, a torn word) and misses
/// any other with a chance of about 2⁻³². It is not keyed: whoever can write the cache can write a
/// checksum too, and the threat is a flipped bit, a torn write or an edit, not a forgery.
package enum Checksum {
  /// How many bytes a checksum takes after what it seals.
  package static let size = 4

  /// The checksum of the bytes.
  package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    return UInt32(
      truncatingIfNeeded: crc32_z(0, base.assumingMemoryBound(to: Bytef.self), bytes.count))
  }

  /// The checksum of a byte array.
  package static func of(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { of($0) } }

  /// The bytes with their checksum after them, little-endian.
  package static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBytes { sealed($0).bytes }
  }

  /// The bytes with their checksum after them, copied once, and the checksum.
  package static func sealed(_ bytes: UnsafeRawBufferPointer) -> (bytes: [UInt8], checksum: UInt32)
  {
    let checksum = of(bytes)
    let sealed = [UInt8](unsafeUninitializedCapacity: bytes.count + size) { buffer, count in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      raw.copyMemory(from: bytes)
      raw.storeBytes(of: checksum.littleEndian, toByteOffset: bytes.count, as: UInt32.self)
      count = bytes.count + size
    }
    return (sealed, checksum)
  }

  /// The bytes before the checksum, when the checksum that follows them is theirs; else nil.
  package static func opened(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    guard bytes.count >= size else { return nil }
    let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - size)])
    let stored = UInt32(
      littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - size, as: UInt32.self))
    return of(body) == stored ? body : nil
  }
}

extension BinaryWriter {
  /// The bytes written so far with their checksum after them (`Checksum.sealed`), copied out
  /// once, and the checksum.
  package func sealed() -> (bytes: [UInt8], checksum: UInt32) {
    withUnsafeBytes { Checksum.sealed($0) }
  }
}
