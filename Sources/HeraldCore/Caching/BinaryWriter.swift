/// Writes values into a compact byte form for the build cache: unsigned numbers as LEB128, signed
/// ones zigzagged, strings as their length and UTF-8 bytes, fingerprints as their sixteen bytes.
///
/// The bytes go into memory of its own, grown by doubling, and are copied out once at the end:
/// appending to an array cost some two hundred instructions for each word or string (a call,
/// its capacity and uniqueness checked), and the output map and the cache's records write tens
/// of thousands of them. A writer is used by one owner from start to end; a copy of it writes into
/// the same memory.
package struct BinaryWriter {
  /// The memory written into.
  private final class Storage {
    var base: UnsafeMutableRawPointer
    var capacity: Int
    var count = 0

    init(capacity: Int) {
      self.capacity = max(capacity, 64)
      base = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
      if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
      let capacity = max(needed, self.capacity * 2)
      let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      grown.copyMemory(from: base, byteCount: count)
      base.deallocate()
      base = grown
      self.capacity = capacity
    }
  }

  private let storage: Storage

  /// The bytes written so far, copied out.
  package var bytes: [UInt8] {
    Array(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
  }

  /// How many bytes were written so far.
  package var count: Int { storage.count }

  /// Lends the bytes written so far, in place.
  package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
  }

  /// Starts an empty writer.
  package init() { storage = Storage(capacity: 256) }

  /// Starts an empty writer with room for about `capacity` bytes.
  package init(capacity: Int) { storage = Storage(capacity: capacity) }

  /// Writes one byte.
  @inline(__always)
  private func append(_ byte: UInt8) {
    storage.reserve(1)
    storage.base.storeBytes(of: byte, toByteOffset: storage.count, as: UInt8.self)
    storage.count += 1
  }

  /// Writes bytes as they are.
  private func append(_ buffer: UnsafeRawBufferPointer) {
    guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
    storage.reserve(buffer.count)
    (storage.base + storage.count).copyMemory(from: source, byteCount: buffer.count)
    storage.count += buffer.count
  }

  /// Writes a number in as few bytes as it needs.
  package mutating func write(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    append(UInt8(value))
  }

  /// Writes a number in eight bytes, little-endian: what is read ten thousand times (a file's
  /// times in nanoseconds, its inode) is read faster so than as a number of as few bytes as it
  /// needs.
  package mutating func writeWord(_ value: UInt64) {
    storage.reserve(8)
    storage.base.storeBytes(of: value.littleEndian, toByteOffset: storage.count, as: UInt64.self)
    storage.count += 8
  }

  /// Writes a count or a small number.
  package mutating func write(_ value: Int) { write(Int64(value)) }

  /// Writes a signed number (zigzag, so small negatives stay short).
  package mutating func write(_ value: Int64) {
    write(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  /// Writes a flag.
  package mutating func write(_ value: Bool) { append(value ? 1 : 0) }

  /// Writes a string.
  package mutating func write(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      write(UInt64(utf8.count))
      append(UnsafeRawBufferPointer(utf8))
    }
  }

  /// Writes raw bytes with their length.
  package mutating func write(_ value: [UInt8]) {
    write(UInt64(value.count))
    value.withUnsafeBytes { append($0) }
  }

  /// Writes a fingerprint as its sixteen bytes: its words are random, so as numbers of as few
  /// bytes as they need they took ten bytes each, and longer to write and read.
  package mutating func write(_ value: Fingerprint) {
    writeWord(value.high)
    writeWord(value.low)
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
