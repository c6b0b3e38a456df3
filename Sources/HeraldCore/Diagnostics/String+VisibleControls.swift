extension String {
  /// The text with every control character and line or paragraph separator written as a visible
  /// escape (`\n`, `\r`, `\t`, `\u{85}`, `\u{2028}`…), so that a value quoted from a site can never
  /// start a new line of output: not in a terminal, and not in a CI log whose lines are read as
  /// commands (GitHub Actions' `::error …`).
  package var visibleControls: String {
    guard unicodeScalars.contains(where: Self.isControl) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where Self.isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}

extension Unicode.Scalar {
  /// The scalar's code point as Unicode writes it (`U+00A0`), for a message about an invisible one.
  package var codePoint: String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
