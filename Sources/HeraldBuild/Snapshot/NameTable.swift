import HeraldFiles

/// Names kept as their bytes one after another, each ended by a zero byte, and made into strings
/// only when asked for: ten thousand records' file names and ids, of which an edit looks at a
/// few, took some 12M instructions to make into strings each time a snapshot was read.
package struct NameTable: Sendable, Equatable {
  /// The names' bytes, each followed by a zero byte.
  private(set) var bytes: [UInt8]
  /// Where each name starts in `bytes`.
  private let starts: [Int32]

  /// A table of names, none of which holds a zero byte (file names and ids never do).
  package init(_ names: [String]) {
    var bytes: [UInt8] = []
    var starts: [Int32] = []
    starts.reserveCapacity(names.count)
    for name in names {
      starts.append(Int32(bytes.count))
      bytes.append(contentsOf: name.utf8)
      bytes.append(0)
    }
    self.bytes = bytes
    self.starts = starts
  }

  /// A table read back from its bytes; nil unless they end with a zero byte.
  init?(bytes: [UInt8]) {
    guard bytes.last == 0 || bytes.isEmpty else { return nil }
    var starts: [Int32] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0 {
      starts.append(Int32(start))
      start = index + 1
    }
    self.bytes = bytes
    self.starts = starts
  }

  /// How many names there are.
  package var count: Int { starts.count }

  /// The name at a place.
  package subscript(place: Int) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      let start = Int(starts[place])
      var end = start
      while buffer[end] != 0 { end += 1 }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
  }

  /// The signature of the file with the name at a place, in an open folder, looked at by the
  /// name's bytes in place.
  func signature(of place: Int, in folder: OpenFolder) -> FileSignature? {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { base in
        UnsafeRawPointer(base + Int(starts[place])).withMemoryRebound(
          to: CChar.self, capacity: 1
        ) { folder.signature(of: $0) }
      }
    }
  }

  /// The place of a name, if it is there (a search: for tests and rare questions).
  package func place(of name: String) -> Int? {
    (0..<count).first { self[$0] == name }
  }
}
