/// BCP 47 language tags as herald.yaml, records and apps write them (`en`, `de`, `fr-CA`,
/// `zh-Hant-TW`), in one canonical case so that a tag names one folder and one manifest.
package enum LocaleTag {
  /// The canonical form of a well-formed tag: the language lowercase, a script in title case, a
  /// region uppercase, anything else lowercase; `_` is read as `-` (`de_de` → `de-DE`); nil when
  /// the text is not a tag.
  ///
  /// The language must have two or three letters (an ISO 639 code): BCP 47's longer language
  /// subtags are reserved, and allowing them would read `release.notes.md` as a translation.
  package static func canonical(_ text: String) -> String? {
    let parts = text.replacing("_", with: "-").split(
      separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first, isLetters(language), (2...3).contains(language.count)
    else { return nil }
    var result = [language.lowercased()]
    for (index, part) in parts.dropFirst().enumerated() {
      guard (1...8).contains(part.count),
        part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else { return nil }
      if index == 0 && part.count == 4 && isLetters(part) {
        result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
      } else if part.count == 2 && isLetters(part) || part.count == 3 && part.allSatisfy(\.isNumber)
      {
        result.append(part.uppercased())
      } else {
        result.append(part.lowercased())
      }
    }
    return result.joined(separator: "-")
  }

  /// The tag and each shorter form, dropping one subtag at a time (`zh-Hant-TW`, `zh-Hant`, `zh`).
  package static func truncations(_ tag: String) -> [String] {
    var parts = tag.split(separator: "-").map(String.init)
    var result: [String] = []
    while !parts.isEmpty {
      result.append(parts.joined(separator: "-"))
      parts.removeLast()
      // A lone single-letter subtag (an extension's singleton) is not a tag's end.
      while let last = parts.last, last.count == 1 { parts.removeLast() }
    }
    return result
  }

  /// The language subtag (`fr` of `fr-CA`).
  package static func language(_ tag: String) -> String {
    String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
  }

  private static func isLetters(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isLetter }
  }
}
