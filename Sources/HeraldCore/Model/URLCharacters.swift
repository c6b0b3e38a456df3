/// The ASCII characters a URL may hold as they are (RFC 3986), and percent-encoding for the rest.
public enum URLCharacters {
  /// Whether an ASCII character may appear in a URL unencoded: unreserved, reserved or `%`.
  public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
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
  public static func percentEncoded(_ text: String) -> String {
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
}
