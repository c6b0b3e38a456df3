import HeraldRender
import Testing

@Suite("HTML escaping gives the same text whether it writes a string or bytes")
struct HTMLEscapingTests {
  @Test(
    "every special character, control and multi-byte character",
    arguments: [
      ("plain", "Plain text", "Plain text"),
      ("specials", "a < b & \"c\" > 'd'", "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;"),
      ("controls dropped", "a\u{0}b\u{7}c\u{1B}d\u{7F}e", "abcde"),
      ("whitespace kept", "a\tb\nc\r\nd", "a\tb\nc\r\nd"),
      ("multi-byte", "Zürich — 東京 🚆 <ok>", "Zürich — 東京 🚆 &lt;ok&gt;"),
      ("C1 controls are kept", "a\u{85}b", "a\u{85}b"),
      ("empty", "", ""),
      ("escapes at both ends", "<a>", "&lt;a&gt;"),
      ("nothing but controls and escapes", "\u{1}&\u{2}", "&amp;"),
    ])
  func sameBothWays(name: String, text: String, expected: String) {
    #expect(HTMLEscaping.escape(text) == expected, "\(name)")
    var bytes: [UInt8] = Array("before ".utf8)
    HTMLEscaping.append(text, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "before " + expected, "\(name)")
  }

  @Test("each ASCII byte is kept, escaped or dropped by the rule, in both ways")
  func everyASCIIByte() {
    for byte in UInt8(0)..<128 {
      let text = String(UnicodeScalar(byte))
      let expected: String
      switch byte {
      case 0x26: expected = "&amp;"
      case 0x3C: expected = "&lt;"
      case 0x3E: expected = "&gt;"
      case 0x22: expected = "&quot;"
      case 0x27: expected = "&#39;"
      case 0x09, 0x0A, 0x0D: expected = text
      case 0..<0x20, 0x7F: expected = ""
      default: expected = text
      }
      #expect(HTMLEscaping.escape("x" + text + "y") == "x" + expected + "y", "byte \(byte)")
      var bytes: [UInt8] = []
      HTMLEscaping.append("x" + text + "y", to: &bytes)
      #expect(bytes == Array(("x" + expected + "y").utf8), "byte \(byte)")
    }
  }
}

@Suite("HTML escaping of long texts, a block of bytes at a time")
struct HTMLEscapingBlockTests {
  /// The rule, byte by byte, as the escaping states it.
  static func reference(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    for byte in bytes {
      switch byte {
      case 0x26: result += Array("&amp;".utf8)
      case 0x3C: result += Array("&lt;".utf8)
      case 0x3E: result += Array("&gt;".utf8)
      case 0x22: result += Array("&quot;".utf8)
      case 0x27: result += Array("&#39;".utf8)
      case 0x09, 0x0A, 0x0D: result.append(byte)
      case 0..<0x20, 0x7F: break
      default: result.append(byte)
      }
    }
    return result
  }

  @Test(
    "every ASCII byte at every place of texts longer than a block, as the rule says",
    arguments: [7, 8, 9, 15, 16, 17, 23, 24, 25, 47],
    ["Departure fare escalator station passenger", "Zürich — 東京 🚆 Ünïcödé çà"])
  func everyBytePlaced(length: Int, words: String) {
    // The second filler's bytes are all above 0x7F but the spaces: no borrow of a word's
    // arithmetic may make one of them look like a control.
    let filler = Array(words.utf8)
    for byte in UInt8(0)..<128 {
      for place in 0..<length {
        var text = (0..<length).map { filler[$0 % filler.count] }
        text[place] = byte
        var bytes: [UInt8] = []
        text.withUnsafeBufferPointer { HTMLEscaping.append(utf8: $0, to: &bytes) }
        #expect(bytes == Self.reference(text), "byte \(byte) at \(place) of \(length)")
      }
    }
  }

  @Test("a long text of words, escapes and characters of every width")
  func longMixedText() {
    let text = String(
      repeating: "Zürich — 東京 🚆 <b>\"fares\"</b> & 'routes'\u{1}\tline\n", count: 40)
    var bytes: [UInt8] = []
    HTMLEscaping.append(text, to: &bytes)
    #expect(bytes == Self.reference(Array(text.utf8)))
    #expect(
      HTMLEscaping.escape(text) == String(decoding: Self.reference(Array(text.utf8)), as: UTF8.self)
    )
  }
}
