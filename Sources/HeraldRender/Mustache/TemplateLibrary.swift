import HeraldCore
import Synchronization

/// A set of named templates (a theme's, or a test's), parsed once, with a cache for the re-indented
/// sources that standalone partials and blocks need.
package final class TemplateLibrary: Sendable {
  /// A parsed template and its source.
  struct Template: Sendable {
    /// The source.
    let source: TemplateSource
    /// The parsed nodes.
    let nodes: [MustacheNode]
  }

  private let templates: [String: Template]
  private let cache = Mutex<[IndentedSource: [MustacheNode]]>([:])

  /// A source and the indentation put before each of its non-blank lines.
  private struct IndentedSource: Hashable {
    let source: TemplateSource
    let indentation: String
  }

  /// Parses templates given by name (`archive`, `partials/card`) with the file each came from;
  /// throws every syntax error found, sorted by file and line.
  package init(templates sources: [String: (file: String, text: String)]) throws(TemplateErrors) {
    var parsed: [String: Template] = [:]
    var errors: [TemplateError] = []
    for (name, source) in sources {
      let templateSource = TemplateSource(
        text: source.text, file: source.file, firstLine: 1, delimiters: .standard)
      do {
        parsed[name] = Template(
          source: templateSource, nodes: try MustacheParser.parse(templateSource))
      } catch {
        errors.append(error)
      }
    }
    guard errors.isEmpty else {
      throw TemplateErrors(
        errors: errors.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) })
    }
    templates = parsed
  }

  /// The template names, sorted.
  package var names: [String] { templates.keys.sorted() }

  /// Renders a named template with data; a missing partial renders as nothing, as the spec says.
  package func render(_ name: String, data: TemplateValue) throws(TemplateError) -> String {
    try render(name, stack: [data])
  }

  /// Renders a named template with a context stack, innermost last.
  package func render(_ name: String, stack context: [TemplateValue]) throws(TemplateError)
    -> String
  {
    String(decoding: try renderBytes(name, stack: context), as: UTF8.self)
  }

  /// Renders a named template with a context stack into UTF-8 bytes, as a file holds them.
  package func renderBytes(_ name: String, stack context: [TemplateValue]) throws(TemplateError)
    -> [UInt8]
  {
    // A card or its details is a kilobyte or two: room for it up front, rather than growing.
    var output = ByteSink(capacity: 4096)
    try render(name, stack: context, into: &output)
    return output.bytes
  }

  /// Renders a named template with a context stack into a sink, which may hand the bytes on in
  /// pieces.
  package func render(_ name: String, stack context: [TemplateValue], into output: inout ByteSink)
    throws(TemplateError)
  {
    guard let template = templates[name] else { return }
    var stack = context
    try MustacheRenderer(library: self).render(
      template.nodes, stack: &stack, arguments: .none, depth: 0, into: &output)
  }

  /// Every `{{>name}}` or `{{<name}}` that names no template, with where it is written.
  package func missingPartials() -> [(name: String, file: String, line: Int, column: Int)] {
    var missing: [(name: String, file: String, line: Int, column: Int)] = []
    func visit(_ nodes: [MustacheNode]) {
      for node in nodes {
        switch node {
        case .partial(let name, _, let location), .parent(let name, _, _, let location):
          if templates[name] == nil {
            missing.append((name, location.file, location.line, location.column))
          }
          if case .parent(_, _, let blocks, _) = node {
            for block in blocks { visit(block.children) }
          }
        case .section(_, _, let children, _): visit(children)
        case .block(let block): visit(block.children)
        case .text, .variable: break
        }
      }
    }
    for name in names { templates[name].map { visit($0.nodes) } }
    return missing.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
  }

  func template(named name: String) -> Template? { templates[name] }

  /// The nodes of a part of a parsed template, re-indented, parsed once and then cached.
  func nodes(for source: TemplateSource, indentedBy indentation: String) -> [MustacheNode] {
    let key = IndentedSource(source: source, indentation: indentation)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let indented = source.indented(by: indentation)
    // The source is a re-indented part of a template that already parsed, and changing the
    // whitespace at line starts cannot make a tag malformed; an error here would be a herald bug.
    let nodes = (try? MustacheParser.parse(indented)) ?? [.text(indented.text)]
    cache.withLock { $0[key] = nodes }
    return nodes
  }
}

/// Every syntax error in a set of templates.
package struct TemplateErrors: Error, Sendable {
  /// The errors, sorted by file and position.
  package let errors: [TemplateError]
}
