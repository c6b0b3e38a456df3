/// Tells whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// past U+10FFFF), without making a `String` of them.
///
/// The build cache keeps rendered HTML as bytes and hands them to the output as they are, so that
/// 10,000 cards are not decoded into strings on every rebuild; they are checked with this first,
/// and a damaged entry is a miss. Runs of ASCII, most of any HTML, are checked thirty-two bytes at
/// a time.
package enum UTF8Validation {
  /// Whether the bytes are well-formed UTF-8.
  package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var index = 0
    while index < count {
      // Thirty-two bytes of ASCII at a time, then eight, then one.
      if index + 32 <= count {
        let word =
          bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          | bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
          | bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
          | bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          index += 32
          continue
        }
      }
      if index + 8 <= count
        && bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard let length = sequenceLength(bytes, at: index) else { return false }
      index += length
    }
    return true
  }

  /// Whether an array's bytes are well-formed UTF-8.
  package static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { isValid($0) }
  }

  /// The length of the multi-byte sequence that starts at `index`, or nil when it is ill-formed
  /// (Table 3-7 of the Unicode Standard: the second byte's range depends on the first).
  private static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    let second = bytes[index + 1]
    guard second >= low && second <= high else { return nil }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }
}
