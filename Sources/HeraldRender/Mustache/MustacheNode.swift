/// One piece of a parsed template.
indirect enum MustacheNode: Sendable {
  /// Literal text.
  case text(String)
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (not escaped).
  case variable(path: [TemplateKey], escaped: Bool)
  /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
  case section(
    path: [TemplateKey], inverted: Bool, children: [MustacheNode], location: TemplateLocation)
  /// `{{>name}}`; a standalone partial indents every line of the partial.
  case partial(name: String, indentation: String?, location: TemplateLocation)
  /// `{{<name}}…{{/name}}`: a partial whose blocks the content overrides.
  case parent(
    name: String, indentation: String?, blocks: [MustacheBlock], location: TemplateLocation)
  /// `{{$name}}…{{/name}}`: a block that a parent's caller may override.
  case block(MustacheBlock)
}

/// A block: its default content, kept as source so it can be re-indented where it is expanded.
///
/// A class (it never changes once parsed): as a struct of a dozen references it was copied, every
/// one retained and released, each time a page expanded it.
final class MustacheBlock: Sendable {
  /// The block's name.
  let name: String
  /// The parsed default content.
  let children: [MustacheNode]
  /// The default content's source text.
  let source: TemplateSource
  /// Whether the opening tag is standalone (its content is then dedented and re-indented).
  let isStandalone: Bool
  /// The content without the indentation its lines share (what a caller's override passes on).
  let dedented: TemplateSource
  /// The indentation content takes where a standalone block is expanded: that of its default
  /// content's first line, else that of its tag.
  let indentation: String

  /// Makes a block, working out once how its content is re-indented.
  init(
    name: String, children: [MustacheNode], source: TemplateSource, isStandalone: Bool,
    tagIndentation: String
  ) {
    self.name = name
    self.children = children
    self.source = source
    self.isStandalone = isStandalone
    dedented = isStandalone ? source.dedented : source
    let intrinsic = source.text.firstLine.dropLast(dedented.text.firstLine.count)
    indentation = intrinsic.isEmpty ? tagIndentation : String(intrinsic)
  }
}

/// Where a template's text comes from, for diagnostics and for re-parsing a part of it.
struct TemplateLocation: Sendable, Hashable {
  /// The template file's path, relative to the theme.
  let file: String
  /// The line, counted from 1.
  let line: Int
  /// The column, counted from 1.
  let column: Int
}

/// A piece of template source with what is needed to parse it again on its own.
struct TemplateSource: Sendable, Hashable {
  /// The text.
  let text: String
  /// The file it is part of.
  let file: String
  /// The line of the file where the text starts.
  let firstLine: Int
  /// The delimiters in effect where the text starts.
  let delimiters: MustacheDelimiters
  /// A hash of everything above, computed once: sources are cache keys on every render.
  private let fingerprint: Int

  /// Makes a source.
  init(text: String, file: String, firstLine: Int, delimiters: MustacheDelimiters) {
    self.text = text
    self.file = file
    self.firstLine = firstLine
    self.delimiters = delimiters
    var hasher = Hasher()
    hasher.combine(text)
    hasher.combine(file)
    hasher.combine(firstLine)
    hasher.combine(delimiters)
    fingerprint = hasher.finalize()
  }

  /// Hashes the precomputed fingerprint.
  func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

  /// Equal sources; the fingerprints differ for almost every unequal pair, and equal texts that
  /// share storage compare in constant time.
  static func == (lhs: TemplateSource, rhs: TemplateSource) -> Bool {
    lhs.fingerprint == rhs.fingerprint && lhs.firstLine == rhs.firstLine
      && lhs.delimiters == rhs.delimiters && lhs.file == rhs.file && lhs.text == rhs.text
  }
}

/// The tag delimiters, `{{` and `}}` unless a `{{=<% %>=}}` tag changed them.
struct MustacheDelimiters: Sendable, Hashable {
  /// The opening delimiter.
  let open: [UInt8]
  /// The closing delimiter.
  let close: [UInt8]

  /// `{{` and `}}`.
  static let standard = MustacheDelimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
