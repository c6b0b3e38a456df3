import CYAML
import HeraldCore

/// Reads one YAML document into a `SourceNode` tree with libyaml's event API, keeping every scalar
/// as the text written and every position in the file.
///
/// Aliases are refused rather than expanded, so an alias bomb costs nothing, and nesting is limited,
/// so no document can exhaust the stack.
package enum YAMLReader {
  /// Deeper nesting than any record or configuration needs is refused.
  static let maximumDepth = 32

  /// Parses `text`, whose first line is line `firstLine` of `file`; returns nil for an empty
  /// document.
  package static func read(_ text: String, file: String, firstLine: Int = 1) -> Result<
    SourceNode?, DiagnosticError
  > {
    var bytes = Array(text.utf8)
    if bytes.isEmpty { bytes.append(10) }
    return bytes.withUnsafeBufferPointer { buffer in
      var builder = TreeBuilder(file: file, firstLine: firstLine)
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) == 1 else {
        return .failure(builder.failure(.yamlSyntax, "libyaml could not start", at: .start))
      }
      defer { yaml_parser_delete(&parser) }
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
          return .failure(builder.syntaxError(parser, in: buffer))
        }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT { return .success(builder.root) }
        if let failure = builder.handle(event) { return .failure(failure) }
      }
    }
  }
}

/// Assembles the tree from libyaml's events.
private struct TreeBuilder {
  let file: String
  let firstLine: Int
  var root: SourceNode?
  var documents = 0
  var stack: [Frame] = []

  enum Frame {
    case mapping(start: SourcePosition, entries: [SourceEntry], key: (String, SourcePosition)?)
    case sequence(start: SourcePosition, items: [SourceNode])
  }

  init(file: String, firstLine: Int) {
    self.file = file
    self.firstLine = firstLine
  }

  func position(_ mark: yaml_mark_t) -> SourcePosition {
    SourcePosition(line: Int(mark.line) + firstLine, column: Int(mark.column) + 1)
  }

  func failure(
    _ code: DiagnosticCode, _ message: String, at position: SourcePosition, hint: String? = nil
  )
    -> DiagnosticError
  {
    DiagnosticError(
      Diagnostic(file: file, position: position, code: code, message: message, hint: hint))
  }

  func syntaxError(_ parser: yaml_parser_t, in bytes: UnsafeBufferPointer<UInt8>) -> DiagnosticError
  {
    let offset = Int(parser.problem_mark.index)
    if offset < bytes.count, bytes[offset] == 0x09 {
      // libyaml says only that the character "cannot start any token".
      return failure(
        .yamlSyntax, "YAML syntax error: a tab character, where YAML allows only spaces",
        at: position(parser.problem_mark), hint: "indent with spaces, not tabs")
    }
    let problem = parser.problem.map { String(cString: $0) } ?? "the YAML is malformed"
    var context = parser.context.map { " " + String(cString: $0) } ?? ""
    let contextLine = Int(parser.context_mark.line) + firstLine
    if parser.context != nil, contextLine != position(parser.problem_mark).line {
      context += " that starts on line \(contextLine)"
    }
    var hint: String?
    if problem.contains("mapping values are not allowed") {
      hint = "a value that contains \": \" must be quoted"
    } else if problem.contains("tab") {
      hint = "indent with spaces, not tabs"
    } else if problem.contains("found character that cannot start any token") {
      hint = "quote values that start with @, ` or another reserved character"
    }
    return failure(
      .yamlSyntax, "YAML syntax error: \(problem)\(context)", at: position(parser.problem_mark),
      hint: hint)
  }

  mutating func handle(_ event: yaml_event_t) -> DiagnosticError? {
    let start = position(event.start_mark)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        return failure(
          .yamlSyntax, "the YAML holds more than one document", at: start,
          hint: "remove the --- line inside it")
      }
      return nil
    case YAML_ALIAS_EVENT:
      return failure(
        .yamlUnsupported, "YAML aliases (*name) are not supported", at: start,
        hint: "write the value out in full")
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let text = String(
        decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self
      )
      let isStringTag = scalar.tag.map { String(cString: $0) == "tag:yaml.org,2002:str" } ?? false
      let value: SourceScalar =
        scalar.style == YAML_PLAIN_SCALAR_STYLE && !isStringTag ? .plain(text) : .string(text)
      return attach(SourceNode(.scalar(value), at: start))
    case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
      if case .mapping(_, _, nil)? = stack.last {
        return failure(
          .yamlUnsupported, "a key must be plain text, not a list or a mapping", at: start)
      }
      guard stack.count < YAMLReader.maximumDepth else {
        return failure(
          .yamlUnsupported, "the YAML nests deeper than \(YAMLReader.maximumDepth) levels",
          at: start)
      }
      stack.append(
        event.type == YAML_MAPPING_START_EVENT
          ? .mapping(start: start, entries: [], key: nil) : .sequence(start: start, items: []))
      return nil
    case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
      switch stack.removeLast() {
      case .mapping(let start, let entries, _):
        return attach(SourceNode(.mapping(entries), at: start))
      case .sequence(let start, let items):
        return attach(SourceNode(.sequence(items), at: start))
      }
    default:
      return nil
    }
  }

  mutating func attach(_ node: SourceNode) -> DiagnosticError? {
    switch stack.popLast() {
    case nil:
      root = node
    case .sequence(let start, var items):
      items.append(node)
      stack.append(.sequence(start: start, items: items))
    case .mapping(let start, var entries, let key):
      if let (name, keyPosition) = key {
        entries.append(SourceEntry(key: name, at: keyPosition, value: node))
        stack.append(.mapping(start: start, entries: entries, key: nil))
      } else {
        guard case .scalar(let scalar) = node.value else {
          return failure(.yamlUnsupported, "a key must be plain text", at: node.position)
        }
        let name: String
        switch scalar {
        case .plain(let text), .string(let text), .number(let text): name = text
        case .boolean(let value): name = String(value)
        case .null: name = ""
        }
        stack.append(.mapping(start: start, entries: entries, key: (name, node.position)))
      }
    }
    return nil
  }
}
