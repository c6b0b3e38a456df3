/// An announcement's body: paragraphs and at most one flat bullet list, in the order written.
///
/// Apps show the plain `paragraphs` and `bullets`; the HTML keeps the inline emphasis, code and links.
public struct AnnouncementBody: Sendable, Hashable {
  /// The blocks in the order written.
  public let blocks: [BodyBlock]

  /// Makes a body from its blocks.
  public init(blocks: [BodyBlock]) { self.blocks = blocks }

  /// The empty body.
  public static let empty = AnnouncementBody(blocks: [])

  /// Makes a body of plain-text paragraphs followed by plain-text bullets.
  public init(paragraphs: [String], bullets: [String]) {
    var blocks = paragraphs.map { BodyBlock.paragraph([.text($0)]) }
    if !bullets.isEmpty { blocks.append(.bullets(bullets.map { [.text($0)] })) }
    self.blocks = blocks
  }

  /// The paragraphs as plain text, as an app shows them.
  public var paragraphs: [String] {
    blocks.compactMap { block in
      if case .paragraph(let spans) = block { return spans.plainText }
      return nil
    }
  }

  /// The bullet items as plain text, as an app shows them.
  public var bullets: [String] {
    blocks.flatMap { block -> [String] in
      if case .bullets(let items) = block { return items.map(\.plainText) }
      return []
    }
  }
}

/// One block of a body.
public enum BodyBlock: Sendable, Hashable {
  /// A paragraph of inline spans.
  case paragraph([InlineSpan])
  /// A flat bullet list, one array of spans per item.
  case bullets([[InlineSpan]])
}

/// Inline text with the little formatting a body may carry.
public indirect enum InlineSpan: Sendable, Hashable {
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
  public var plainText: String {
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
