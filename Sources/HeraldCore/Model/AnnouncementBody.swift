/// An announcement's body: paragraphs and at most one flat bullet list, in the order written.
///
/// Apps show the plain `paragraphs` and `bullets`; the HTML keeps the inline emphasis, code and links.
package struct AnnouncementBody: Sendable, Hashable {
  private enum Storage: Sendable {
    case blocks([BodyBlock])
    /// The blocks in the build cache's byte form, read only when something asks for them: a
    /// rebuild that reuses a record's rendered fragments never does.
    case encoded([UInt8])
  }

  private let storage: Storage

  /// The blocks in the order written.
  package var blocks: [BodyBlock] {
    switch storage {
    case .blocks(let blocks): return blocks
    case .encoded(let bytes): return Self.decode(bytes)
    }
  }

  /// Makes a body from its blocks.
  package init(blocks: [BodyBlock]) { storage = .blocks(blocks) }

  /// Makes a body from the cache's byte form of its blocks, read when first needed.
  package init(encoded bytes: [UInt8]) { storage = .encoded(bytes) }

  /// The cache's byte form of the blocks.
  package var encoded: [UInt8] {
    switch storage {
    case .encoded(let bytes): return bytes
    case .blocks(let blocks):
      var writer = BinaryWriter()
      writer.write(blocks) { writer, block in writer.write(block) }
      return writer.bytes
    }
  }

  private static func decode(_ bytes: [UInt8]) -> [BodyBlock] {
    bytes.withUnsafeBytes { buffer in
      var reader = BinaryReader(buffer)
      let blocks = try? reader.list { (reader) throws(BinaryFormatError) in
        try reader.block(depth: 0)
      }
      return reader.isAtEnd ? blocks ?? [] : []
    }
  }

  /// Bodies are equal when their blocks are.
  package static func == (lhs: AnnouncementBody, rhs: AnnouncementBody) -> Bool {
    lhs.blocks == rhs.blocks
  }

  /// Hashes the blocks.
  package func hash(into hasher: inout Hasher) { hasher.combine(blocks) }

  /// The empty body.
  package static let empty = AnnouncementBody(blocks: [])

  /// Makes a body of plain-text paragraphs followed by plain-text bullets.
  package init(paragraphs: [String], bullets: [String]) {
    var blocks = paragraphs.map { BodyBlock.paragraph([.text($0)]) }
    if !bullets.isEmpty { blocks.append(.bullets(bullets.map { [.text($0)] })) }
    self.init(blocks: blocks)
  }

  /// The paragraphs as plain text, as an app shows them.
  package var paragraphs: [String] {
    blocks.compactMap { block in
      if case .paragraph(let spans) = block { return spans.plainText }
      return nil
    }
  }

  /// The first paragraph as plain text (a page's summary), without making the others.
  package var firstParagraph: String? {
    for block in blocks {
      if case .paragraph(let spans) = block { return spans.plainText }
    }
    return nil
  }

  /// The bullet items as plain text, as an app shows them.
  package var bullets: [String] {
    blocks.flatMap { block -> [String] in
      if case .bullets(let items) = block { return items.map(\.plainText) }
      return []
    }
  }
}

/// One block of a body.
package enum BodyBlock: Sendable, Hashable {
  /// A paragraph of inline spans.
  case paragraph([InlineSpan])
  /// A flat bullet list, one array of spans per item.
  case bullets([[InlineSpan]])
}

/// Inline text with the little formatting a body may carry.
package enum InlineSpan: Sendable, Hashable {
  /// Plain text.
  case text(String)
  /// Code, shown in a monospaced face.
  case code(String)
  /// Emphasised spans.
  case emphasis([InlineSpan])
  /// Strongly emphasised spans.
  case strong([InlineSpan])
  /// A link; its destination has already been checked to be safe.
  case link(destination: String, [InlineSpan])
  /// A hard line break.
  case lineBreak
}

extension Array where Element == InlineSpan {
  /// The text without formatting: what an app shows.
  package var plainText: String {
    var text = ""
    for span in self {
      switch span {
      case .text(let value), .code(let value): text += value
      case .emphasis(let spans), .strong(let spans), .link(_, let spans): text += spans.plainText
      case .lineBreak: text += "\n"
      }
    }
    return text
  }
}
