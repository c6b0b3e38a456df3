/// The ASCII characters a URL may hold as they are (RFC 3986), and percent-encoding for the rest.
package enum URLCharacters {
  /// Whether an ASCII character may appear in a URL unencoded: unreserved, reserved or `%`.
  package static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": return true
    // Unreserved, then reserved, then the percent sign.
    case "-", ".", "_", "~": return true
    case ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=":
      return true
    case "%": return true
    default: return false
    }
  }

  /// The text with every ASCII character a URL cannot hold percent-encoded; non-ASCII text is
  /// kept, as browsers and apps accept it in links.
  ///
  /// Read by bytes: every byte of a non-ASCII character is above 0x7F and kept, so the rule works
  /// on UTF-8 (a link in every record's body goes through here; scalar by scalar, with a string
  /// made per hex code, it took some 8,000 instructions a link).
  package static func percentEncoded(_ text: String) -> String {
    guard text.utf8.contains(where: needsEncoding) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      if needsEncoding(byte) {
        result.append(UInt8(ascii: "%"))
        result.append(hexDigit(byte >> 4))
        result.append(hexDigit(byte & 0x0F))
      } else {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether a UTF-8 byte is an ASCII character a URL cannot hold as it is.
  private static func needsEncoding(_ byte: UInt8) -> Bool {
    byte < 0x80 && !isAllowed(Unicode.Scalar(byte))
  }

  /// The uppercase hexadecimal digit of a value below 16.
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  /// Whether text is a URL scheme: an ASCII letter, then ASCII letters, digits, `+`, `-` or `.`.
  ///
  /// Read by bytes: any other character, a combining mark on a letter included, has a byte that
  /// is none of these.
  package static func isScheme(_ bytes: some Collection<UInt8>) -> Bool {
    func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
    guard let first = bytes.first, isLetter(first) else { return false }
    return bytes.allSatisfy {
      isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
  }
}
