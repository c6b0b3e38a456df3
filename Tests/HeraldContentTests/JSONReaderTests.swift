import Foundation
import HeraldCore
import Testing

@testable import HeraldContent

@Suite("JSON with positions, checked against JSONSerialization")
struct JSONReaderTests {
  static let validDocuments = [
    #"{}"#, #"[]"#, #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
    #"{"s": "quote \" backslash \\ slash \/ \b\f\n\r\t \u00e9 \ud83d\ude00 end"}"#,
    #"[0, -0, 1.5, -2.25e3, 1E+2, 3e-1, 123456789012345678901234567890]"#,
    "\t{ \"a\" :\n[ 1 ,2 ] }\r\n", #""just a string""#, #"{"é": "ü", "emoji": "😀"}"#,
    #"{"nested": [[[[{"x": [{}]}]]]]}"#,
  ]

  /// The reader's tree as Foundation values, to compare with JSONSerialization.
  func foundationValue(_ node: SourceNode) -> NSObject {
    switch node.value {
    case .scalar(.string(let text)), .scalar(.plain(let text)): return text as NSString
    case .scalar(.number(let text)): return NSNumber(value: Double(text) ?? .nan)
    case .scalar(.boolean(let value)): return NSNumber(value: value)
    case .scalar(.null): return NSNull()
    case .sequence(let items): return items.map(foundationValue) as NSArray
    case .mapping(let entries):
      let dictionary = NSMutableDictionary()
      for entry in entries { dictionary[entry.key] = foundationValue(entry.value) }
      return dictionary
    }
  }

  @Test("valid documents read the same as with JSONSerialization", arguments: validDocuments)
  func agreesWithFoundation(_ text: String) throws {
    let node = try JSONReader.read(text, file: "f").get()
    let expected = try JSONSerialization.jsonObject(
      with: Data(text.utf8), options: [.fragmentsAllowed])
    let mine = foundationValue(node)
    #expect(mine.isEqual(expected), "\(mine) vs \(expected)")
  }

  @Test("numbers keep the text written")
  func numberText() throws {
    let node = try JSONReader.read(#"{"minVersion": 1.10}"#, file: "f").get()
    guard case .mapping(let entries) = node.value else {
      Issue.record("not a mapping")
      return
    }
    #expect(entries.first?.value.value == .scalar(.number("1.10")))
  }

  @Test("keys and values have lines and character columns")
  func positions() throws {
    let node = try JSONReader.read("{\n  \"é\": \"x\",\n  \"b\": [1,\n 2]\n}", file: "f").get()
    guard case .mapping(let entries) = node.value,
      case .sequence(let items) = entries[1].value.value
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(entries[0].keyPosition == SourcePosition(line: 2, column: 3))
    #expect(entries[0].value.position == SourcePosition(line: 2, column: 8))
    #expect(
      items.map(\.position) == [
        SourcePosition(line: 3, column: 9), SourcePosition(line: 4, column: 2),
      ])
  }

  @Test(
    "invalid documents are rejected by both, with a position here",
    arguments: [
      ("{\n\"a\" 1}", 2, 5), (#"[1 2]"#, 1, 4), (#"{'a': 1}"#, 1, 2),
      (#"{"a": tru}"#, 1, 7), (#"{"a": 01}"#, 1, 7), (#"{"a": 1.}"#, 1, 7),
      ("{\"a\": \"x\ny\"}", 1, 9),
      (#"{"a": "\x"}"#, 1, 8), (#"{"a": "\ud800"}"#, 1, 8), (#"{"a": 1} x"#, 1, 10), ("", 1, 1),
      (#"{"a": "unclosed"#, 1, 7),
    ])
  func rejects(_ text: String, _ line: Int, _ column: Int) {
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
        == nil)
    expectFailure(text, line, column)
  }

  // Foundation tolerates trailing commas; RFC 8259 does not, and other tools reading the records
  // would reject them, so herald does too.
  @Test("trailing commas are rejected", arguments: [(#"{"a": 1,}"#, 1, 9), (#"[1,]"#, 1, 4)])
  func trailingCommas(_ text: String, _ line: Int, _ column: Int) {
    expectFailure(text, line, column)
  }

  @Test(
    "a number past a double's range is refused where it starts, as JSONSerialization refuses it",
    arguments: [
      ("1e309", 1, 1), (#"{"a": -7e66666666}"#, 1, 7),
      ("[1, 9" + String(repeating: "9", count: 400) + "]", 1, 5),
    ])
  func hugeNumbers(_ text: String, _ line: Int, _ column: Int) {
    expectFailure(text, line, column)
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
        == nil)
  }

  private func expectFailure(_ text: String, _ line: Int, _ column: Int) {
    guard case .failure(let error) = JSONReader.read(text, file: "f") else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(
      error.diagnostic.position == SourcePosition(line: line, column: column), "\(error.diagnostic)"
    )
  }

  @Test("deep nesting is refused")
  func deepNesting() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    guard case .failure(let error) = JSONReader.read(text, file: "f") else {
      Issue.record("accepted")
      return
    }
    #expect(error.diagnostic.message.contains("deeper"))
  }
}
