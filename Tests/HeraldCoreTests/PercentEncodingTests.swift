import HeraldProtocol
import Testing

@Suite("Percent-encoding keeps what a URL may hold and encodes the rest of ASCII")
struct PercentEncodingTests {
  @Test("each ASCII character, between two letters")
  func everyASCIICharacter() {
    for value in UInt8(0)..<0x80 {
      let scalar = Unicode.Scalar(value)
      let expected =
        URLCharacters.isAllowed(scalar)
        ? String(scalar)
        : "%" + (value < 0x10 ? "0" : "") + String(value, radix: 16, uppercase: true)
      #expect(
        URLCharacters.percentEncoded("a" + String(scalar) + "b") == "a" + expected + "b",
        "character \(value)")
    }
  }

  @Test(
    "whole links",
    arguments: [
      ("https://example.com/a b", "https://example.com/a%20b"),
      ("https://example.com/Zürich/東京?q=🚆", "https://example.com/Zürich/東京?q=🚆"),
      (
        "https://example.com/\"x\"<y>{z}|\\^`",
        "https://example.com/%22x%22%3Cy%3E%7Bz%7D%7C%5C%5E%60"
      ),
      ("https://example.com/%20ok", "https://example.com/%20ok"),
      ("tab\there\u{7F}", "tab%09here%7F"),
      ("", ""),
    ])
  func wholeLinks(text: String, expected: String) {
    #expect(URLCharacters.percentEncoded(text) == expected)
  }
}
