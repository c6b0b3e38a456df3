/// Parses Mustache templates as the spec says: interpolation, sections, inverted sections, comments,
/// partials, set delimiters, and inheritance (parents and blocks), with standalone lines removed.
struct MustacheParser {
  /// The bytes of the template.
  private let bytes: [UInt8]
  /// Where the bytes come from.
  private let source: TemplateSource
  /// Byte offsets where each line starts, for positions.
  private let lineStarts: [Int]

  private init(_ source: TemplateSource) {
    self.source = source
    bytes = Array(source.text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 10 { starts.append(offset + 1) }
    lineStarts = starts
  }

  /// Parses a template's source into nodes, or throws the first syntax error with its position.
  static func parse(_ source: TemplateSource) throws(TemplateError) -> [MustacheNode] {
    var parser = MustacheParser(source)
    var tokens = try parser.tokenize()
    try parser.pairTags(&tokens)
    parser.markStandaloneLines(&tokens)
    return try parser.buildTree(tokens)
  }

  // MARK: Tokens

  private enum Kind: Equatable {
    case text
    case variable(escaped: Bool)
    case sectionOpen
    case invertedOpen
    case close
    case comment
    case partial
    case delimiters
    case parentOpen
    case blockOpen

    /// Tags that may stand alone on a line, which is then removed from the output.
    var canStandAlone: Bool {
      switch self {
      case .text, .variable: return false
      default: return true
      }
    }

    var opensSection: Bool {
      [.sectionOpen, .invertedOpen, .parentOpen, .blockOpen].contains(self)
    }
  }

  private struct Token {
    var kind: Kind
    var name = ""
    var start: Int
    var end: Int
    /// The delimiters in effect after this token.
    var delimiters: MustacheDelimiters
    /// For a closing tag, the kind of tag it closes.
    var closes: Kind?
    /// Whether the token was removed as part of a standalone line.
    var removed = false
    /// Whether the tag stands alone on its line (for blocks: with its closing tag).
    var standalone = false
    /// Whether the tag's whole line, newline included, was removed.
    var lineRemoved = false
    /// The whitespace before a standalone tag.
    var indentation = ""
    /// The byte range of a standalone tag's line.
    var lineStart = 0
    var lineEnd = 0
  }

  private func location(_ offset: Int) -> TemplateLocation {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let column = bytes[lineStarts[low]..<offset].count { $0 & 0xC0 != 0x80 } + 1
    return TemplateLocation(file: source.file, line: source.firstLine + low, column: column)
  }

  private func error(_ message: String, at offset: Int) -> TemplateError {
    let place = location(offset)
    return TemplateError(file: place.file, line: place.line, column: place.column, message: message)
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, start <= bytes.count - needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && Self.isSpace(bytes[lower]) { lower += 1 }
    while upper > lower && Self.isSpace(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }

  /// Splits the template into text (one token per line piece) and tags, following delimiter changes.
  private mutating func tokenize() throws(TemplateError) -> [Token] {
    var tokens: [Token] = []
    var delimiters = source.delimiters
    var index = 0
    func appendText(_ range: Range<Int>, _ delimiters: MustacheDelimiters) {
      var start = range.lowerBound
      for offset in range where bytes[offset] == 10 {
        tokens.append(Token(kind: .text, start: start, end: offset + 1, delimiters: delimiters))
        start = offset + 1
      }
      if start < range.upperBound {
        tokens.append(
          Token(kind: .text, start: start, end: range.upperBound, delimiters: delimiters))
      }
    }
    while index < bytes.count {
      guard let open = find(delimiters.open, from: index) else {
        appendText(index..<bytes.count, delimiters)
        break
      }
      appendText(index..<open, delimiters)
      var cursor = open + delimiters.open.count
      var closing = delimiters.close
      let kind: Kind
      switch cursor < bytes.count ? bytes[cursor] : 0 {
      case UInt8(ascii: "{"):
        kind = .variable(escaped: false)
        closing = [UInt8(ascii: "}")] + delimiters.close
      case UInt8(ascii: "&"): kind = .variable(escaped: false)
      case UInt8(ascii: "#"): kind = .sectionOpen
      case UInt8(ascii: "^"): kind = .invertedOpen
      case UInt8(ascii: "/"): kind = .close
      case UInt8(ascii: "!"): kind = .comment
      case UInt8(ascii: ">"): kind = .partial
      case UInt8(ascii: "<"): kind = .parentOpen
      case UInt8(ascii: "$"): kind = .blockOpen
      case UInt8(ascii: "="):
        kind = .delimiters
        closing = [UInt8(ascii: "=")] + delimiters.close
      default: kind = .variable(escaped: true)
      }
      if kind != .variable(escaped: true) { cursor += 1 }
      guard let close = find(closing, from: cursor) else {
        throw error(
          "the tag is never closed with \(String(decoding: closing, as: UTF8.self))", at: open)
      }
      let content = trimmed(cursor..<close)
      let end = close + closing.count
      var name = ""
      switch kind {
      case .comment:
        break
      case .delimiters:
        let parts = bytes[content].split(whereSeparator: Self.isSpace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
          throw error("a set-delimiter tag needs two delimiters, as in {{=<% %>=}}", at: open)
        }
        delimiters = MustacheDelimiters(open: Array(parts[0]), close: Array(parts[1]))
      default:
        name = text(content)
        guard !name.isEmpty else { throw error("the tag has no name", at: open) }
        guard !bytes[content].contains(where: Self.isSpace) else {
          throw error("the tag name \"\(name)\" contains a space", at: open)
        }
      }
      tokens.append(Token(kind: kind, name: name, start: open, end: end, delimiters: delimiters))
      index = end
    }
    return tokens
  }

  /// Matches every closing tag with its opening tag.
  private func pairTags(_ tokens: inout [Token]) throws(TemplateError) {
    var open: [Int] = []
    for index in tokens.indices {
      let token = tokens[index]
      if token.kind.opensSection {
        guard open.count < MustacheRenderer.maximumDepth else {
          throw error(
            "sections nest deeper than \(MustacheRenderer.maximumDepth) levels", at: token.start)
        }
        open.append(index)
      } else if token.kind == .close {
        guard let opener = open.popLast() else {
          throw error("{{/\(token.name)}} closes nothing", at: token.start)
        }
        guard tokens[opener].name == token.name else {
          throw error(
            "{{/\(token.name)}} closes {{\(Self.sigil(tokens[opener].kind))\(tokens[opener].name)}}",
            at: token.start)
        }
        tokens[index].closes = tokens[opener].kind
      }
    }
    if let unclosed = open.last {
      let token = tokens[unclosed]
      throw error(
        "{{\(Self.sigil(token.kind))\(token.name)}} is never closed with {{/\(token.name)}}",
        at: token.start)
    }
  }

  private static func sigil(_ kind: Kind) -> String {
    switch kind {
    case .sectionOpen: return "#"
    case .invertedOpen: return "^"
    case .parentOpen: return "<"
    case .blockOpen: return "$"
    default: return ""
    }
  }

  /// Removes lines that hold only whitespace and tags that may stand alone.
  ///
  /// A line normally stands alone with one such tag. Inheritance adds pairs that stand alone
  /// together: `{{<parent}}{{/parent}}`, `{{<parent}}{{$block}}`, `{{/block}}{{/parent}}`, and
  /// `{{$block}}{{/block}}`, which keeps its newline so an empty block still ends its line.
  private mutating func markStandaloneLines(_ tokens: inout [Token]) {
    var lineFirst = 0
    for index in tokens.indices {
      let isLineEnd =
        index == tokens.count - 1
        || (tokens[index].kind == .text && bytes[tokens[index].end - 1] == 10)
      guard isLineEnd else { continue }
      markLine(lineFirst...index, in: &tokens)
      lineFirst = index + 1
    }
  }

  private func markLine(_ line: ClosedRange<Int>, in tokens: inout [Token]) {
    let tags = line.filter { tokens[$0].kind != .text }
    guard !tags.isEmpty, tags.count <= 2, tags.allSatisfy({ tokens[$0].kind.canStandAlone }),
      line.allSatisfy({
        tokens[$0].kind != .text
          || bytes[tokens[$0].start..<tokens[$0].end].allSatisfy(Self.isSpace)
      })
    else { return }
    var keepsNewline = false
    if tags.count == 2 {
      let (first, second) = (tokens[tags[0]], tokens[tags[1]])
      guard tags[1] == tags[0] + 1 else { return }
      switch (first.kind, first.closes, second.kind, second.closes) {
      case (.parentOpen, _, .close, .parentOpen?), (.parentOpen, _, .blockOpen, _),
        (.close, .blockOpen?, .close, .parentOpen?):
        break
      case (.blockOpen, _, .close, .blockOpen?):
        keepsNewline = true
      default:
        return
      }
    }
    let indentation = line.prefix { tokens[$0].kind == .text }
      .map { text(tokens[$0].start..<tokens[$0].end) }.joined()
    let lineStart = tokens[line.lowerBound].start
    let lineEnd = tokens[line.upperBound].end
    for index in line {
      if tokens[index].kind == .text {
        if !keepsNewline || index < tags[0] { tokens[index].removed = true }
      } else {
        tokens[index].standalone = true
        tokens[index].lineRemoved = !keepsNewline
        tokens[index].indentation = indentation
        tokens[index].lineStart = lineStart
        tokens[index].lineEnd = lineEnd
      }
    }
  }

  // MARK: Tree

  private struct Frame {
    var opener: Token
    var children: [MustacheNode] = []
  }

  private static func path(_ name: String) -> [TemplateKey] {
    name == "."
      ? []
      : name.split(separator: ".", omittingEmptySubsequences: false).map {
        TemplateKey(String($0))
      }
  }

  private func buildTree(_ tokens: [Token]) throws(TemplateError) -> [MustacheNode] {
    var stack: [Frame] = [
      Frame(opener: Token(kind: .text, start: 0, end: 0, delimiters: source.delimiters))
    ]
    func append(_ node: MustacheNode) {
      if case .text(let new) = node,
        case .text(let previous)? = stack[stack.count - 1].children.last
      {
        stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(
          previous + new)
      } else {
        stack[stack.count - 1].children.append(node)
      }
    }
    for token in tokens where !token.removed {
      switch token.kind {
      case .text:
        append(.text(text(token.start..<token.end)))
      case .variable(let escaped):
        append(.variable(path: Self.path(token.name), escaped: escaped))
      case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen:
        stack.append(Frame(opener: token))
      case .partial:
        append(
          .partial(
            name: token.name, indentation: token.standalone ? token.indentation : nil,
            location: location(token.start)))
      case .close:
        let frame = stack.removeLast()
        let opener = frame.opener
        switch opener.kind {
        case .sectionOpen, .invertedOpen:
          append(
            .section(
              path: Self.path(opener.name), inverted: opener.kind == .invertedOpen,
              children: frame.children, location: location(opener.start)))
        case .parentOpen:
          let blocks = frame.children.compactMap { node -> MustacheBlock? in
            if case .block(let block) = node { return block }
            return nil
          }
          append(
            .parent(
              name: opener.name, indentation: opener.standalone ? opener.indentation : nil,
              blocks: blocks, location: location(opener.start)))
        default:
          let contentStart = opener.lineRemoved ? opener.lineEnd : opener.end
          let contentEnd = token.lineRemoved ? token.lineStart : token.start
          let content = TemplateSource(
            text: text(contentStart..<max(contentStart, contentEnd)), file: source.file,
            firstLine: location(contentStart).line, delimiters: opener.delimiters)
          append(
            .block(
              MustacheBlock(
                name: opener.name, children: frame.children, source: content,
                isStandalone: opener.standalone, tagIndentation: opener.indentation)))
        }
      case .comment, .delimiters:
        break
      }
    }
    return stack[0].children
  }
}

/// A template that cannot be parsed, with the position of the offending tag.
package struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The template's path relative to the theme folder.
  package let file: String
  /// The line, counted from 1.
  package let line: Int
  /// The column, counted from 1.
  package let column: Int
  /// What is wrong.
  package let message: String

  /// `file:line:col: message`.
  package var description: String { "\(file):\(line):\(column): \(message)" }
}
