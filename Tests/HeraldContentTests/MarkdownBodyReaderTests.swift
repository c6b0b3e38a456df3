import HeraldCore
import Testing

@testable import HeraldContent

@Suite("Markdown bodies through cmark")
struct MarkdownBodyReaderTests {
  func read(_ markdown: String, firstLine: Int = 10) -> (
    body: AnnouncementBody, diagnostics: [Diagnostic]
  ) {
    MarkdownBodyReader(
      file: "f.md", firstLine: firstLine, fixedPosition: nil, deepLinkSchemes: ["app"]
    )
    .read(markdown)
  }

  @Test("paragraphs and one flat list become the app's shape; inline formatting becomes plain")
  func shape() {
    let result = read(
      "First *para*\ncontinues with `code`.\n\nSecond [link](https://x.example).\n\n- one **bold**\n- two\n"
    )
    #expect(result.diagnostics.isEmpty)
    #expect(result.body.paragraphs == ["First para continues with code.", "Second link."])
    #expect(result.body.bullets == ["one bold", "two"])
    #expect(
      result.body.blocks.first
        == .paragraph([
          .text("First "), .emphasis([.text("para")]), .text(" continues with "), .code("code"),
          .text("."),
        ]))
  }

  @Test(
    "constructs the app cannot show are errors on their line",
    arguments: [
      ("Intro\n\n# Heading\n", 12, "a heading"), ("![alt](x.png)\n", 10, "an image"),
      ("a <b>bold</b> word\n", 10, "raw HTML"), ("<div>\nx\n</div>\n", 10, "raw HTML"),
      ("- a\n  - b\n", 11, "a nested list"), ("- a\n\ntext\n\n- b\n", 14, "a second list"),
      ("1. a\n", 10, "a numbered list"), ("x\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", 12, "a table"),
      ("```\ncode\n```\n", 10, "a code block"), ("> quote\n", 10, "a block quote"),
      ("a\n\n---\n", 12, "a horizontal rule"),
    ])
  func unsupported(_ markdown: String, _ line: Int, _ what: String) {
    let result = read(markdown)
    let diagnostic = result.diagnostics.first { $0.code == .unsupportedMarkdown }
    #expect(diagnostic?.message.contains(what) == true, "\(result.diagnostics)")
    #expect(diagnostic?.position.line == line)
  }

  @Test("a javascript: link is dropped, keeping its text, with a warning")
  func unsafeLink() {
    let result = read("Click [here](javascript:alert(1)) now.\n")
    #expect(result.body.blocks == [.paragraph([.text("Click here now.")])])
    #expect(result.diagnostics.map(\.code) == [.unsafeLink])
    #expect(result.diagnostics.first?.severity == .warning)
  }

  @Test("columns count characters, not bytes")
  func characterColumns() {
    let result = read("Été ![x](y.png)\n")
    #expect(result.diagnostics.first?.position == SourcePosition(line: 10, column: 5))
  }

  @Test("an empty body is empty")
  func empty() {
    #expect(read("").body == .empty)
    #expect(read("\n\n").body == .empty)
  }
}
