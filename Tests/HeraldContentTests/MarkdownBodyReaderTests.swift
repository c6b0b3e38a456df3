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

  @Test("a body larger than cmark's arena chunks reads whole, with a paragraph that grows in place")
  func largeBody() {
    // 3,000 paragraphs (about 100 KB, past one 64 KiB chunk) and one long paragraph whose buffer
    // cmark grows again and again.
    let long = Array(repeating: "word", count: 20_000).joined(separator: " ")
    let markdown =
      (1...3_000).map { "Paragraph \($0) *here*." }.joined(separator: "\n\n")
      + "\n\n" + long + "\n"
    let result = read(markdown)
    #expect(result.diagnostics.isEmpty)
    #expect(result.body.paragraphs.count == 3_001)
    #expect(result.body.paragraphs[2_999] == "Paragraph 3000 here.")
    #expect(result.body.paragraphs.last == long)
  }

  @Test("documents read on every core at once read as they do one by one")
  func concurrentReads() {
    let documents = (0..<400).map { index in
      (0..<(index % 7 + 1)).map {
        "Body \(index) part \($0) with `code` and [a link](https://x.example/\($0))."
      }
      .joined(separator: "\n\n") + (index % 3 == 0 ? "\n\n- one\n- two \(index)\n" : "\n")
    }
    let alone = documents.map { read($0).body }
    let together = documents.concurrentMap { markdown in
      MarkdownBodyReader(file: "f.md", firstLine: 1, fixedPosition: nil, deepLinkSchemes: [])
        .read(markdown).body
    }
    #expect(together == alone)
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
