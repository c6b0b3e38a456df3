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
  package static func percentEncoded(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if !scalar.isASCII || isAllowed(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "%" + (hex.count < 2 ? "0" : "") + hex
      }
    }
    return result
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
