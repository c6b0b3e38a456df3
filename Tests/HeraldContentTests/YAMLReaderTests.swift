import HeraldCore
import Testing

@testable import HeraldContent

@Suite("YAML through libyaml, typed by herald's rules")
struct YAMLReaderTests {
  func read(_ text: String, firstLine: Int = 1) throws -> SourceNode? {
    try YAMLReader.read(text, file: "f.md", firstLine: firstLine).get()
  }

  func failure(_ text: String) -> Diagnostic? {
    if case .failure(let error) = YAMLReader.read(text, file: "f.md", firstLine: 2) {
      return error.diagnostic
    }
    return nil
  }

  @Test("scalars keep the text written and whether it was quoted")
  func scalars() throws {
    let root = try #require(try read("a: 1.10\nb: '1.10'\nc: yes\nd: \"x\"\ne:\nf: |\n  block\n"))
    guard case .mapping(let entries) = root.value else {
      Issue.record("not a mapping")
      return
    }
    #expect(
      entries.map(\.value.value) == [
        .scalar(.plain("1.10")), .scalar(.string("1.10")), .scalar(.plain("yes")),
        .scalar(.string("x")), .scalar(.plain("")), .scalar(.string("block\n")),
      ])
    #expect(entries.map(\.key) == ["a", "b", "c", "d", "e", "f"])
  }

  @Test("positions count from the given first line, columns in characters")
  func positions() throws {
    let root = try #require(try read("title: Café\nplatforms: [ios, android]\n", firstLine: 2))
    guard case .mapping(let entries) = root.value,
      case .sequence(let items) = entries[1].value.value
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(entries[0].keyPosition == SourcePosition(line: 2, column: 1))
    #expect(entries[0].value.position == SourcePosition(line: 2, column: 8))
    #expect(
      items.map(\.position) == [
        SourcePosition(line: 3, column: 13), SourcePosition(line: 3, column: 18),
      ])
  }

  @Test("an empty document is nil")
  func empty() throws {
    #expect(try read("") == nil)
    #expect(try read("# only a comment\n") == nil)
  }

  @Test("an alias bomb is refused at the first alias, without expanding anything")
  func aliasBomb() {
    var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    for level in 1...9 {
      let previous = String(UnicodeScalar(UInt8(96 + level)))
      let name = String(UnicodeScalar(UInt8(97 + level)))
      text +=
        "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",")
        + "]\n"
    }
    let diagnostic = failure(text)
    #expect(diagnostic?.code == .yamlUnsupported)
    #expect(diagnostic?.position.line == 3)
  }

  @Test("deep nesting is refused instead of exhausting the stack")
  func deepNesting() {
    let text = "a: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(failure(text)?.code == .yamlUnsupported)
  }

  @Test(
    "syntax errors have a position in the file",
    arguments: [
      ("a: [x\nb: y\n", 3), ("a: b: c\n", 2), ("a:\n\t- x\n", 3), ("a: 1\n---\nb: 2\n", 3),
      ("a: @x\n", 2),
    ])
  func syntaxErrors(_ text: String, _ line: Int) {
    let diagnostic = failure(text)
    #expect(diagnostic?.position.line == line, "\(String(describing: diagnostic))")
    #expect(diagnostic?.code == .yamlSyntax)
  }

  @Test("a key that is a mapping is refused")
  func complexKey() {
    #expect(failure("? [a]\n: b\n")?.code == .yamlUnsupported)
  }
}
