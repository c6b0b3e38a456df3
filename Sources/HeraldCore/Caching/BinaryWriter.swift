/// Writes values into a compact byte form for the build cache: unsigned numbers as LEB128, signed
/// ones zigzagged, strings as their length and UTF-8 bytes, fingerprints as their sixteen bytes.
package struct BinaryWriter: Sendable {
  /// The bytes written so far.
  package private(set) var bytes: [UInt8] = []

  /// Starts an empty writer.
  package init() {}

  /// Starts an empty writer with room for about `capacity` bytes.
  package init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// Writes a number in as few bytes as it needs.
  package mutating func write(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// Writes a number in eight bytes, little-endian: what is read ten thousand times (a file's
  /// times in nanoseconds, its inode) is read faster so than as a number of as few bytes as it
  /// needs.
  package mutating func writeWord(_ value: UInt64) {
    var word = value.littleEndian
    withUnsafeBytes(of: &word) { bytes.append(contentsOf: $0) }
  }

  /// Writes a count or a small number.
  package mutating func write(_ value: Int) { write(Int64(value)) }

  /// Writes a signed number (zigzag, so small negatives stay short).
  package mutating func write(_ value: Int64) {
    write(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  /// Writes a flag.
  package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

  /// Writes a string.
  package mutating func write(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      write(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// Writes raw bytes with their length.
  package mutating func write(_ value: [UInt8]) {
    write(UInt64(value.count))
    bytes.append(contentsOf: value)
  }

  /// Writes a fingerprint as its sixteen bytes: its words are random, so as numbers of as few
  /// bytes as they need they took ten bytes each, and longer to write and read.
  package mutating func write(_ value: Fingerprint) {
    var words = (value.high.littleEndian, value.low.littleEndian)
    withUnsafeBytes(of: &words) { bytes.append(contentsOf: $0) }
  }

  /// Writes an optional value: a flag, then the value when there is one.
  package mutating func write<Value>(
    _ value: Value?, _ body: (inout BinaryWriter, Value) -> Void
  ) {
    write(value != nil)
    if let value { body(&self, value) }
  }

  /// Writes a list: its count, then each element.
  package mutating func write<Element>(
    _ values: [Element], _ body: (inout BinaryWriter, Element) -> Void
  ) {
    write(UInt64(values.count))
    for value in values { body(&self, value) }
  }
}
