import CCmark
import Foundation
import HeraldCore

/// Reads a Markdown body with cmark into the shape an app can show.
///
/// Paragraphs and at most one flat bullet list map onto the app's `{paragraphs, bullets}`; every
/// other construct is an error that names its line.
package struct MarkdownBodyReader {
  /// Emphasis, links and code nested deeper than this are an error: no message needs more, and the
  /// walk (and everything that later walks the spans) recurses once per level.
  package static let maximumInlineDepth = 16

  /// The file the body is in.
  let file: String
  /// The line of the file where the Markdown's first line is.
  let firstLine: Int
  /// When the Markdown is not lines of the file (a JSON string), every problem is reported here.
  let fixedPosition: SourcePosition?
  /// The schemes a link may use besides http, https and mailto.
  let deepLinkSchemes: [String]

  /// Makes a reader for a body at a line of a file (or, for a JSON string, at one fixed position).
  package init(
    file: String, firstLine: Int, fixedPosition: SourcePosition?, deepLinkSchemes: [String]
  ) {
    self.file = file
    self.firstLine = firstLine
    self.fixedPosition = fixedPosition
    self.deepLinkSchemes = deepLinkSchemes
  }

  /// Parses the Markdown and reports what the app cannot show.
  package func read(_ markdown: String) -> (body: AnnouncementBody, diagnostics: [Diagnostic]) {
    let bytes = Array(markdown.utf8)
    var walker = Walker(
      reader: self, lines: bytes.split(separator: 10, omittingEmptySubsequences: false))
    guard
      let document = bytes.withUnsafeBufferPointer({ buffer in
        buffer.baseAddress.flatMap { base in
          base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            herald_cmark_parse_in_arena(
              $0, buffer.count, CMARK_OPT_SOURCEPOS | CMARK_OPT_DEFAULT)
          }
        }
      })
    else {
      herald_cmark_arena_reset()
      return (.empty, [])
    }
    // The tree lives in this thread's arena until the walk has read it.
    defer { herald_cmark_arena_reset() }
    let blocks = walker.blocks(of: document)
    return (AnnouncementBody(blocks: blocks), walker.diagnostics)
  }
}

/// Walks cmark's tree, building blocks and collecting diagnostics.
private struct Walker {
  let reader: MarkdownBodyReader
  let lines: [ArraySlice<UInt8>]
  var diagnostics: [Diagnostic] = []
  var sawList = false

  init(reader: MarkdownBodyReader, lines: [ArraySlice<UInt8>]) {
    self.reader = reader
    self.lines = lines
  }

  /// The file position of a node, with cmark's byte column turned into a character column.
  func position(of node: OpaquePointer) -> SourcePosition {
    if let fixed = reader.fixedPosition { return fixed }
    let line = Int(cmark_node_get_start_line(node))
    let byteColumn = Int(cmark_node_get_start_column(node))
    guard line >= 1, line <= lines.count else {
      return SourcePosition(line: reader.firstLine, column: 1)
    }
    let text = lines[line - 1]
    let prefix = text.prefix(max(0, byteColumn - 1))
    let column = prefix.count { $0 & 0xC0 != 0x80 } + 1
    return SourcePosition(line: reader.firstLine + line - 1, column: column)
  }

  mutating func unsupported(_ node: OpaquePointer, _ what: String, hint: String) {
    diagnostics.append(
      Diagnostic(
        file: reader.file, position: position(of: node), code: .unsupportedMarkdown,
        message: "the body has \(what), which the app cannot show", hint: hint))
  }

  static func children(of node: OpaquePointer) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var child = cmark_node_first_child(node)
    while let current = child {
      result.append(current)
      child = cmark_node_next(current)
    }
    return result
  }

  static func literal(of node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }

  mutating func blocks(of document: OpaquePointer) -> [BodyBlock] {
    var blocks: [BodyBlock] = []
    let keepToParagraphs = "the app shows paragraphs and one flat bullet list"
    var next = cmark_node_first_child(document)
    while let node = next {
      next = cmark_node_next(node)
      switch cmark_node_get_type(node) {
      case CMARK_NODE_PARAGRAPH:
        if let header = tableHeaderLine(node) {
          diagnostics.append(
            Diagnostic(
              file: reader.file,
              position: reader.fixedPosition
                ?? SourcePosition(line: reader.firstLine + header - 1, column: 1),
              code: .unsupportedMarkdown,
              message: "the body has a table, which the app cannot show",
              hint: "write the rows as bullets"))
        }
        blocks.append(.paragraph(inlines(of: node, depth: 0)))
      case CMARK_NODE_LIST:
        if let items = bulletItems(of: node) { blocks.append(.bullets(items)) }
      case CMARK_NODE_HEADING:
        unsupported(node, "a heading", hint: "the title is the heading; write a paragraph here")
      case CMARK_NODE_CODE_BLOCK:
        unsupported(node, "a code block", hint: "use `inline code` in a paragraph")
      case CMARK_NODE_HTML_BLOCK:
        unsupported(node, "raw HTML", hint: "use Markdown emphasis and links instead")
      case CMARK_NODE_BLOCK_QUOTE:
        unsupported(node, "a block quote", hint: keepToParagraphs)
      case CMARK_NODE_THEMATIC_BREAK:
        unsupported(node, "a horizontal rule", hint: keepToParagraphs)
      default:
        unsupported(node, "a block the app cannot show", hint: keepToParagraphs)
      }
    }
    return blocks
  }

  /// The body line of a paragraph's header row when the paragraph is a GFM-style table (cmark's
  /// core grammar reads tables as paragraphs).
  func tableHeaderLine(_ node: OpaquePointer) -> Int? {
    guard reader.fixedPosition == nil else { return nil }
    let start = Int(cmark_node_get_start_line(node))
    let end = Int(cmark_node_get_end_line(node))
    guard start >= 1, end > start, end <= lines.count else { return nil }
    for line in (start + 1)...end where Self.isDelimiterRow(lines[line - 1]) {
      if lines[line - 2].contains(UInt8(ascii: "|")) { return line - 1 }
    }
    return nil
  }

  /// `|---|:--:|` and `--- | ---`: cells of dashes with optional colons, split by pipes.
  static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    guard text.contains("|"), text.contains("-") else { return false }
    var cells = text.split(separator: "|", omittingEmptySubsequences: false)
    if text.hasPrefix("|") { cells.removeFirst() }
    if text.hasSuffix("|") { cells.removeLast() }
    return !cells.isEmpty
      && cells.allSatisfy { cell in
        let trimmed = String(cell).trimmingCharacters(in: .whitespaces)
        var core = Substring(trimmed)
        if core.hasPrefix(":") { core = core.dropFirst() }
        if core.hasSuffix(":") { core = core.dropLast() }
        return !core.isEmpty && core.allSatisfy { $0 == "-" }
      }
  }

  mutating func bulletItems(of list: OpaquePointer) -> [[InlineSpan]]? {
    if cmark_node_get_list_type(list) != CMARK_BULLET_LIST {
      unsupported(list, "a numbered list", hint: "use a bullet list (- item)")
      return nil
    }
    if sawList {
      unsupported(list, "a second list", hint: "merge the bullets into one list")
      return nil
    }
    sawList = true
    var items: [[InlineSpan]] = []
    for item in Self.children(of: list) {
      let children = Self.children(of: item)
      var spans: [InlineSpan] = []
      for (index, child) in children.enumerated() {
        switch cmark_node_get_type(child) {
        case CMARK_NODE_PARAGRAPH where index == 0:
          spans = inlines(of: child, depth: 0)
        case CMARK_NODE_LIST:
          unsupported(child, "a nested list", hint: "the app shows one flat list; flatten it")
        case CMARK_NODE_PARAGRAPH:
          unsupported(
            child, "a bullet with more than one paragraph", hint: "keep each bullet to one line")
        default:
          unsupported(child, "a block inside a bullet", hint: "keep each bullet to plain text")
        }
      }
      if spans.isEmpty && children.isEmpty {
        diagnostics.append(
          Diagnostic(
            file: reader.file, position: position(of: item), code: .unsupportedMarkdown,
            message: "the body has an empty bullet", hint: "write its text, or remove the line"))
      }
      items.append(spans)
    }
    return items
  }

  mutating func inlines(of node: OpaquePointer, depth: Int) -> [InlineSpan] {
    guard depth <= MarkdownBodyReader.maximumInlineDepth else {
      diagnostics.append(
        Diagnostic(
          file: reader.file, position: position(of: node), code: .unsupportedMarkdown,
          message: "the body nests emphasis and links more than "
            + "\(MarkdownBodyReader.maximumInlineDepth) levels deep",
          hint: "the app shows at most a few levels of emphasis; simplify the text"))
      return []
    }
    var spans = SpanGatherer()
    var next = cmark_node_first_child(node)
    while let child = next {
      next = cmark_node_next(child)
      switch cmark_node_get_type(child) {
      case CMARK_NODE_TEXT:
        spans.appendLiteral(of: child)
      case CMARK_NODE_SOFTBREAK:
        spans.appendText(" ")
      case CMARK_NODE_LINEBREAK:
        spans.append(.lineBreak)
      case CMARK_NODE_CODE:
        spans.append(.code(Self.literal(of: child)))
      case CMARK_NODE_EMPH:
        spans.append(.emphasis(inlines(of: child, depth: depth + 1)))
      case CMARK_NODE_STRONG:
        spans.append(.strong(inlines(of: child, depth: depth + 1)))
      case CMARK_NODE_LINK:
        let destination = cmark_node_get_url(child).map { String(cString: $0) } ?? ""
        let content = inlines(of: child, depth: depth + 1)
        if LinkPolicy.isSafe(destination, deepLinkSchemes: reader.deepLinkSchemes) {
          spans.append(.link(destination: destination, content))
        } else {
          diagnostics.append(
            Diagnostic(
              file: reader.file, position: position(of: child), severity: .warning,
              code: .unsafeLink,
              message: "the link to \"\(destination)\" is not safe and is shown as plain text",
              hint: "link to an https:// page or an in-app path"))
          for span in content { spans.append(span) }
        }
      case CMARK_NODE_IMAGE:
        unsupported(child, "an image", hint: "the app shows text only; link to the image instead")
      case CMARK_NODE_HTML_INLINE:
        unsupported(child, "raw HTML", hint: "use Markdown emphasis and links instead")
      default:
        spans.appendLiteral(of: child)
      }
    }
    return spans.finish()
  }
}

/// Inline spans as the walk finds them, with adjacent text (words, soft breaks, an unsafe link's
/// words) gathered as bytes into one text span.
private struct SpanGatherer {
  private var spans: [InlineSpan] = []
  private var pending: [UInt8] = []

  /// Adds text to the text being gathered.
  mutating func appendText(_ text: String) {
    pending.append(utf8Of: text)
  }

  /// Adds a node's literal (cmark's NUL-terminated UTF-8) to the text being gathered.
  mutating func appendLiteral(of node: OpaquePointer) {
    guard let literal = cmark_node_get_literal(node) else { return }
    literal.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
      pending.append(contentsOf: UnsafeBufferPointer(start: start, count: strlen(literal)))
    }
  }

  /// Adds a span: text joins the text being gathered, anything else ends it.
  mutating func append(_ span: InlineSpan) {
    if case .text(let text) = span {
      appendText(text)
    } else {
      flush()
      spans.append(span)
    }
  }

  /// The spans, with the last text.
  mutating func finish() -> [InlineSpan] {
    flush()
    return spans
  }

  private mutating func flush() {
    guard !pending.isEmpty else { return }
    spans.append(.text(String(decoding: pending, as: UTF8.self)))
    pending.removeAll(keepingCapacity: true)
  }
}
