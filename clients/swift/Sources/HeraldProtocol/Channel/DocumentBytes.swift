import Foundation

/// The one rule for the bytes of a document a client reads (docs/client-protocol.md §1): UTF-8
/// without a byte-order mark, JSON (RFC 8259) with no object holding a key twice, no escaped lone
/// surrogate, and no nesting deeper than `ClientLimits.maximumDepth`.
///
/// JSON parsers disagree on exactly these (the first or the last of two keys, a lone surrogate
/// kept or refused, UTF-16 guessed or not), so a channel that uses them could wall users of one
/// client and not another; every client refuses such a document instead, and fails open. The
/// table every client is tested against is `conformance/malformed.json`.
package enum DocumentBytes {
  /// Why bytes are not a document every client reads the same way, or nil when they are one.
  package static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "it starts with a byte-order mark" }
    guard UTF8Validation.isValid(bytes) else { return "it is not UTF-8" }
    var scanner = Scanner(bytes: bytes)
    return scanner.problem()
  }

  /// Why the bytes of some data are not a document every client reads the same way, if they are not.
  package static func problem(in bytes: some ContiguousBytes) -> String? {
    bytes.withUnsafeBytes { problem(in: $0) }
  }

  /// A single pass over well-formed UTF-8, checking the JSON grammar, keys, escapes and depth.
  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    /// The keys of each open object (nil for an open array), innermost last.
    var open: [Set<[UInt8]>?] = []

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    struct Failure: Error { let reason: String }

    mutating func problem() -> String? {
      do throws(Failure) {
        try value()
        skipSpace()
        guard index == bytes.count else { throw fail("it has more after the document") }
        return nil
      } catch {
        return error.reason
      }
    }

    func fail(_ reason: String) -> Failure {
      Failure(reason: "\(reason) (at byte \(index))")
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        index += 1
      }
    }

    /// Reads one value and everything inside it, iteratively: depth is bounded by the limit, not
    /// by the stack.
    mutating func value() throws(Failure) {
      try start()
      while !open.isEmpty {
        skipSpace()
        let isObject = open[open.count - 1] != nil
        switch current {
        case UInt8(ascii: ","):
          index += 1
          if isObject { try member() } else { try start() }
        case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
          index += 1
          open.removeLast()
        default:
          throw fail("it is not JSON")
        }
      }
    }

    /// Reads the start of a value: a whole scalar, or an opening bracket (and an empty container).
    mutating func start() throws(Failure) {
      skipSpace()
      guard let byte = current else { throw fail("it ends before a value") }
      switch byte {
      case UInt8(ascii: "{"):
        try push(object: true)
        skipSpace()
        if current == UInt8(ascii: "}") {
          index += 1
          open.removeLast()
        } else {
          try member()
        }
      case UInt8(ascii: "["):
        try push(object: false)
        skipSpace()
        if current == UInt8(ascii: "]") {
          index += 1
          open.removeLast()
        } else {
          try start()
        }
      case UInt8(ascii: "\""): _ = try string(keeping: false)
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw fail("it is not JSON")
      }
    }

    mutating func push(object: Bool) throws(Failure) {
      guard open.count < ClientLimits.maximumDepth else {
        throw fail("it nests deeper than \(ClientLimits.maximumDepth)")
      }
      index += 1
      open.append(object ? [] : nil)
    }

    /// Reads `"key": ` and the start of its value, refusing a key the object already has.
    mutating func member() throws(Failure) {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw fail("it is not JSON") }
      let key = try string(keeping: true)
      guard open[open.count - 1]?.insert(key).inserted == true else {
        throw fail("it has the key \"\(String(decoding: key, as: UTF8.self))\" twice in one object")
      }
      skipSpace()
      guard current == UInt8(ascii: ":") else { throw fail("it is not JSON") }
      index += 1
      try start()
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
      let count = word.utf8CodeUnitCount
      guard index + count <= bytes.count else { throw fail("it is not JSON") }
      for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
        throw fail("it is not JSON")
      }
      index += count
    }

    mutating func number() throws(Failure) {
      let start = index
      func digits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
          index += 1
        }
        return index - start
      }
      if current == UInt8(ascii: "-") { index += 1 }
      if current == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        throw fail("it is not JSON")
      }
      if current == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { throw fail("it is not JSON") }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw fail("it is not JSON") }
      }
      // A number no double holds (1e99999) is read as infinite by some parsers and refused by
      // others: refused everywhere, whatever key it is under.
      let token = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(token), value.isFinite else {
        throw fail("it has a number beyond a double")
      }
    }

    /// Reads a string; with `keeping`, returns its text as UTF-8 with the escapes undone.
    mutating func string(keeping: Bool) throws(Failure) -> [UInt8] {
      index += 1
      var text: [UInt8] = []
      while let byte = current {
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return text
        case UInt8(ascii: "\\"):
          index += 1
          let scalar = try escape()
          if keeping { text += Array(String(Character(scalar)).utf8) }
        case 0..<0x20:
          throw fail("it has a control character inside a string")
        default:
          index += 1
          if keeping { text.append(byte) }
        }
      }
      throw fail("it ends inside a string")
    }

    /// Reads what follows a backslash.
    mutating func escape() throws(Failure) -> Unicode.Scalar {
      guard let byte = current else { throw fail("it ends inside a string") }
      index += 1
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let unit = try hexUnit()
        if (0xDC00...0xDFFF).contains(unit) { throw fail("it escapes a lone surrogate") }
        guard (0xD800...0xDBFF).contains(unit) else {
          return Unicode.Scalar(unit) ?? "\u{FFFD}"
        }
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw fail("it escapes a lone surrogate") }
        index += 2
        let low = try hexUnit()
        guard (0xDC00...0xDFFF).contains(low) else { throw fail("it escapes a lone surrogate") }
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      default:
        throw fail("it has an unknown escape")
      }
    }

    mutating func hexUnit() throws(Failure) -> UInt16 {
      guard index + 4 <= bytes.count else { throw fail("it ends inside a string") }
      var unit: UInt16 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw fail("it has an unknown escape")
        }
        unit = unit << 4 | UInt16(digit)
        index += 1
      }
      return unit
    }
  }
}
