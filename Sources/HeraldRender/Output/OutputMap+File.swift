import HeraldCore
import HeraldFiles

extension OutputMap {
  /// A map file's sealed bytes, and where each entry's fixed part (its fingerprint and numbers,
  /// `File.fixedLength` bytes after its path) starts in them.
  ///
  /// An edit's rebuild changes the entries of the two or three files it wrote and keeps the
  /// paths: its map is the last one with those bytes changed and the checksum taken again, where
  /// writing all 9,400 entries anew (at 10,000 records) took some 2 ms after the files were in
  /// place.
  struct File: Sendable {
    /// The sealed bytes.
    let bytes: [UInt8]
    /// Where each entry's fixed part starts, in the entries' order.
    let fixed: [Int]

    /// The bytes of an entry's fixed part.
    static let fixedLength = 48

    /// Writes an entry's fixed part: its fingerprint, then its numbers in words of eight bytes
    /// (nanosecond times took nine bytes each as numbers of as few bytes as they need, and a loop
    /// of nine steps to read).
    static func write(_ entry: Entry, into writer: inout BinaryWriter) {
      writer.write(entry.fingerprint)
      writer.writeWord(UInt64(bitPattern: entry.size))
      writer.writeWord(UInt64(bitPattern: entry.modified))
      writer.writeWord(UInt64(bitPattern: entry.changed))
      writer.writeWord(entry.inode)
    }
  }

  /// Whether these entries have this map's paths, in its order.
  func hasPaths(of sorted: [Ordered]) -> Bool {
    sorted.matches(self.sorted) { $0.path == $1.path }
  }

  /// The file of a map with the same paths as this one and these entries, by changing in a copy
  /// of this map's file the entries that differ, and its checksum; nil when this map has no file
  /// or the paths are not the same, in the same order.
  func patched(to sorted: [Ordered]) -> (file: File, checksum: UInt64)? {
    guard let file, hasPaths(of: sorted), file.fixed.count == sorted.count, file.bytes.count >= 8
    else { return nil }
    // A copy whose pages are made in one request (`FileSystem.prepare`), not faulted in one by
    // one as a copy on write does.
    let old = file.bytes
    var bytes = [UInt8](unsafeUninitializedCapacity: old.count) { buffer, initialized in
      let target = UnsafeMutableRawBufferPointer(buffer)
      FileSystem.prepare(target)
      old.withUnsafeBytes { target.copyMemory(from: $0) }
      initialized = old.count
    }
    for (place, (new, old)) in zip(sorted, self.sorted).enumerated() where new.entry != old.entry {
      var writer = BinaryWriter(capacity: File.fixedLength)
      File.write(new.entry, into: &writer)
      let start = file.fixed[place]
      guard start + File.fixedLength <= bytes.count - 8 else { return nil }
      bytes.replaceSubrange(start..<(start + File.fixedLength), with: writer.bytes)
    }
    let body = bytes.count - 8
    let checksum = bytes.withUnsafeBytes {
      Checksum.of(UnsafeRawBufferPointer(rebasing: $0[..<body]))
    }
    withUnsafeBytes(of: checksum.littleEndian) { sealed in
      bytes.replaceSubrange(body..., with: sealed)
    }
    return (File(bytes: bytes, fixed: file.fixed), checksum)
  }
}
