#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// The part of a slash-separated path before its last slash (`""` when it has none), found in
  /// the UTF-8 bytes: a search by `Character` cost a tenth of a rebuild at 10,000 files.
  package var parentPath: String {
    guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(self[..<slash])
  }

  /// How many slashes the path holds.
  package var slashCount: Int {
    var count = 0
    for byte in utf8 where byte == UInt8(ascii: "/") { count += 1 }
    return count
  }

  /// Whether one of the path's slash-separated components is `..`.
  package var climbsUp: Bool {
    // A native string's bytes are read in place: through the generic view, reading the output
    // map's ten thousand paths cost a thousand instructions each.
    utf8.withContiguousStorageIfAvailable(Self.climbsUp) ?? Self.climbsUp(utf8)
  }

  private static func climbsUp(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Most paths hold no two dots in a row: told in one plain pass, before the component-wise one.
    guard bytes.count >= 2 else { return false }
    var hasDots = false
    for index in 1..<bytes.count
    where bytes[index] == UInt8(ascii: ".") && bytes[index - 1] == UInt8(ascii: ".") {
      hasDots = true
      break
    }
    return hasDots && climbsUp(bytes.lazy)
  }

  private static func climbsUp<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
    // The length of the component so far, or -1 once it holds anything but dots.
    var dots = 0
    for byte in bytes {
      if byte == UInt8(ascii: "/") {
        if dots == 2 { return true }
        dots = 0
      } else if byte == UInt8(ascii: ".") && dots >= 0 {
        dots += 1
      } else {
        dots = -1
      }
    }
    return dots == 2
  }

  /// The strings one after another, made in one allocation: a path of a few parts is made for
  /// each of 10,000 records and output files, and `+` made a string, and grew it, for each part.
  package static func joining(_ parts: String...) -> String {
    var count = 0
    for part in parts { count += part.utf8.count }
    return String(unsafeUninitializedCapacity: count) { buffer in
      var offset = 0
      for var part in parts {
        part.withUTF8 { bytes in
          guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return }
          (target + offset).update(from: source, count: bytes.count)
          offset += bytes.count
        }
      }
      return offset
    }
  }

  /// Whether the string ends with these bytes (compared with `memcmp` where they are contiguous:
  /// the generic comparison through the views' indices took 700 instructions a name).
  package func hasByteSuffix(_ suffix: String) -> Bool {
    let fast = withContiguousUTF8(and: suffix) { bytes, tail -> Bool in
      guard bytes.count >= tail.count else { return false }
      guard let end = bytes.baseAddress, let start = tail.baseAddress else { return true }
      return memcmp(end + (bytes.count - tail.count), start, tail.count) == 0
    }
    if let fast { return fast }
    let (bytes, tail) = (utf8, suffix.utf8)
    return bytes.count >= tail.count && bytes.suffix(tail.count).elementsEqual(tail)
  }
}
