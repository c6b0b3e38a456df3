/// Why cached bytes could not be read back: the cache entry is ignored and the input read afresh.
package struct BinaryFormatError: Error, Sendable {
  /// Makes the error.
  package init() {}
}

/// Reads what `BinaryWriter` wrote, checking every bound: damaged bytes throw, never crash.
package struct BinaryReader: ~Copyable {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  /// Reads from bytes that outlive the reader.
  package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Whether every byte was read.
  package var isAtEnd: Bool { offset == bytes.count }

  /// Reads a number.
  package mutating func uint64() throws(BinaryFormatError) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < bytes.count, shift < 64 else { throw BinaryFormatError() }
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7f) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Reads a signed number.
  package mutating func int64() throws(BinaryFormatError) -> Int64 {
    let raw = try uint64()
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  /// Reads a count or a small number.
  package mutating func int() throws(BinaryFormatError) -> Int {
    let value = try int64()
    guard let small = Int(exactly: value) else { throw BinaryFormatError() }
    return small
  }

  /// Reads a count, which must fit in what is left (each element takes a byte at least).
  package mutating func count() throws(BinaryFormatError) -> Int {
    let value = try uint64()
    guard value <= UInt64(bytes.count - offset) else { throw BinaryFormatError() }
    return Int(value)
  }

  /// Reads a flag.
  package mutating func bool() throws(BinaryFormatError) -> Bool {
    guard offset < bytes.count, bytes[offset] <= 1 else { throw BinaryFormatError() }
    offset += 1
    return bytes[offset - 1] == 1
  }

  /// Reads a string.
  package mutating func string() throws(BinaryFormatError) -> String {
    let length = try count()
    let start = offset
    offset += length
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
  }

  /// Reads raw bytes.
  package mutating func byteArray() throws(BinaryFormatError) -> [UInt8] {
    let length = try count()
    let start = offset
    offset += length
    return Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
  }

  /// The next `count` bytes, in place, to be read as the caller knows they were laid out.
  package mutating func block(_ count: Int) throws(BinaryFormatError) -> UnsafeRawBufferPointer {
    guard count >= 0, bytes.count - offset >= count else { throw BinaryFormatError() }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
  }

  /// Reads a number written in eight bytes (`BinaryWriter.writeWord`).
  package mutating func word() throws(BinaryFormatError) -> UInt64 {
    guard bytes.count - offset >= 8 else { throw BinaryFormatError() }
    let value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    offset += 8
    return value
  }

  /// Reads a fingerprint: sixteen bytes, as they are.
  package mutating func fingerprint() throws(BinaryFormatError) -> Fingerprint {
    guard bytes.count - offset >= 16 else { throw BinaryFormatError() }
    let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    let low = UInt64(
      littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
    offset += 16
    return Fingerprint(high: high, low: low)
  }

  /// Reads an optional value.
  package mutating func optional<Value>(
    _ body: (inout BinaryReader) throws(BinaryFormatError) -> Value
  ) throws(BinaryFormatError) -> Value? {
    try bool() ? try body(&self) : nil
  }

  /// Reads a list.
  package mutating func list<Element>(
    _ body: (inout BinaryReader) throws(BinaryFormatError) -> Element
  ) throws(BinaryFormatError) -> [Element] {
    let count = try count()
    var values: [Element] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try body(&self)) }
    return values
  }
}
