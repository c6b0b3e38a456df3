import HeraldCore

/// Renders parsed templates against a context stack, expanding partials, parents and blocks.
struct MustacheRenderer {
  /// Where partials come from, and the cache of re-indented sources.
  let library: TemplateLibrary

  /// Sections, partials and blocks nested deeper than this, counted together across templates,
  /// stop the render with an error (a partial that includes itself without a section that ends
  /// the recursion, or a theme built to exhaust the stack): every level is a nested call.
  static let maximumDepth = 100

  /// The content a parent's caller gave for a block, already dedented when it stood alone.
  struct BlockArgument {
    /// The block's name.
    let name: String
    /// The content's source.
    let source: TemplateSource
  }

  /// The blocks' contents the callers gave, outermost first: a block takes the first one with its
  /// name, so the top-level template overrides a block everywhere.
  ///
  /// A list, not a dictionary: a page's parent is given three or four, and a dictionary made and
  /// hashed for every parent expanded, and looked up for every block, was 1% of a full build.
  struct BlockArguments {
    private var list: [BlockArgument] = []

    /// No arguments.
    static let none = BlockArguments()

    /// The content given for a block, if any.
    subscript(name: String) -> BlockArgument? { list.first { $0.name == name } }

    /// These arguments, and after them a parent's own for the blocks they do not name.
    func adding(_ blocks: [MustacheBlock]) -> BlockArguments {
      var merged = self
      for block in blocks where self[block.name] == nil {
        merged.list.append(BlockArgument(name: block.name, source: block.dedented))
      }
      return merged
    }
  }

  /// Renders nodes into `output`, as UTF-8 bytes (a page goes to its file without a copy; a long
  /// list, piece by piece).
  func render(
    _ nodes: [MustacheNode], stack: inout [TemplateValue], arguments: BlockArguments,
    depth: Int, into output: inout ByteSink
  ) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .text(let text):
        output.bytes.append(utf8Of: text)
      case .variable(let path, let escaped):
        let value = Self.lookup(path, in: stack)
        if case .utf8(let bytes)? = value {
          if escaped {
            bytes.withUnsafeBufferPointer { HTMLEscaping.append(utf8: $0, to: &output.bytes) }
          } else {
            output.bytes.append(contentsOf: bytes)
          }
          continue
        }
        let text = value?.text ?? ""
        if escaped {
          HTMLEscaping.append(text, to: &output.bytes)
        } else {
          output.bytes.append(utf8Of: text)
        }
      case .section(let path, let inverted, let children, let location):
        guard depth < Self.maximumDepth else {
          throw Self.tooDeep(at: location, "{{#\(path.map(\.name).joined(separator: "."))}}")
        }
        let depth = depth + 1
        let value = Self.lookup(path, in: stack) ?? .null
        if inverted {
          if !value.isTruthy {
            try render(children, stack: &stack, arguments: arguments, depth: depth, into: &output)
          }
        } else if case .list(let items) = value {
          for item in items {
            stack.append(item)
            defer { stack.removeLast() }
            try render(children, stack: &stack, arguments: arguments, depth: depth, into: &output)
            output.handOnIfFull()
          }
        } else if value.isTruthy {
          stack.append(value)
          defer { stack.removeLast() }
          try render(children, stack: &stack, arguments: arguments, depth: depth, into: &output)
        }
      case .partial(let name, let indentation, let location):
        try include(
          name, indentation: indentation, location: location, stack: &stack,
          arguments: arguments, depth: depth, into: &output)
      case .parent(let name, let indentation, let blocks, let location):
        try include(
          name, indentation: indentation, location: location, stack: &stack,
          arguments: arguments.adding(blocks), depth: depth, into: &output)
      case .block(let block):
        try renderBlock(block, stack: &stack, arguments: arguments, depth: depth, into: &output)
      }
    }
  }

  private func include(
    _ name: String, indentation: String?, location: TemplateLocation,
    stack: inout [TemplateValue], arguments: BlockArguments, depth: Int,
    into output: inout ByteSink
  ) throws(TemplateError) {
    guard depth < Self.maximumDepth else { throw Self.tooDeep(at: location, "{{>\(name)}}") }
    guard let template = library.template(named: name) else { return }
    let nodes: [MustacheNode]
    if let indentation, !indentation.isEmpty {
      nodes = library.nodes(for: template.source, indentedBy: indentation)
    } else {
      nodes = template.nodes
    }
    try render(nodes, stack: &stack, arguments: arguments, depth: depth + 1, into: &output)
  }

  private func renderBlock(
    _ block: MustacheBlock, stack: inout [TemplateValue], arguments: BlockArguments,
    depth: Int, into output: inout ByteSink
  ) throws(TemplateError) {
    let argument = arguments[block.name]
    guard block.isStandalone else {
      let nodes = argument.map { library.nodes(for: $0.source, indentedBy: "") } ?? block.children
      try render(nodes, stack: &stack, arguments: arguments, depth: depth, into: &output)
      return
    }
    // A standalone block is re-indented where it is expanded: the content loses its own
    // indentation and takes the block's (that of its default content, else that of its tag).
    let content = argument?.source ?? block.dedented
    let nodes = library.nodes(for: content, indentedBy: block.indentation)
    try render(nodes, stack: &stack, arguments: arguments, depth: depth, into: &output)
  }

  static func tooDeep(at location: TemplateLocation, _ tag: String) -> TemplateError {
    TemplateError(
      file: location.file, line: location.line, column: location.column,
      message: "templates nest deeper than \(maximumDepth) levels (sections and partials) at \(tag)"
    )
  }

  /// Resolves a dotted name: the first part through the context stack, the rest inside that value.
  ///
  /// The frames are read in place, through a buffer pointer, rather than each taken out of the
  /// array by subscript; the value found is copied, as the caller keeps it.
  static func lookup(_ path: [TemplateKey], in stack: [TemplateValue]) -> TemplateValue? {
    guard let first = path.first else { return stack.last }
    let found = stack.withUnsafeBufferPointer { frames -> TemplateValue? in
      var index = frames.count - 1
      while index >= 0 {
        if let found = frames[index].member(first) { return found }
        index -= 1
      }
      return nil
    }
    guard var resolved = found else { return nil }
    for key in path.dropFirst() {
      guard let member = resolved.member(key) else { return nil }
      resolved = member
    }
    return resolved
  }
}

extension TemplateSource {
  /// The text with every non-blank line prefixed, as a standalone partial's lines are.
  func indented(by indentation: String) -> TemplateSource {
    guard !indentation.isEmpty else { return self }
    var result = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.offset > 0 { result += "\n" }
      if line.element.contains(where: { !$0.isWhitespace }) { result += indentation }
      result += line.element
    }
    return TemplateSource(text: result, file: file, firstLine: firstLine, delimiters: delimiters)
  }

  /// The text without the leading whitespace that all its non-blank lines share.
  var dedented: TemplateSource {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var common: Substring?
    for line in lines where line.contains(where: { !$0.isWhitespace }) {
      let leading = line.prefix { $0 == " " || $0 == "\t" }
      if let shared = common {
        common = shared.commonPrefix(with: leading)
      } else {
        common = leading
      }
    }
    let width = common?.count ?? 0
    let result = lines.map { line -> Substring in
      line.contains(where: { !$0.isWhitespace }) ? line.dropFirst(width) : ""
    }.joined(separator: "\n")
    return TemplateSource(text: result, file: file, firstLine: firstLine, delimiters: delimiters)
  }
}

extension StringProtocol {
  /// The text up to its first newline.
  var firstLine: SubSequence { prefix { $0 != "\n" } }

  /// The longest prefix two texts share.
  func commonPrefix<Other: StringProtocol>(with other: Other) -> SubSequence {
    var end = startIndex
    var otherIndex = other.startIndex
    while end < endIndex, otherIndex < other.endIndex, self[end] == other[otherIndex] {
      end = index(after: end)
      otherIndex = other.index(after: otherIndex)
    }
    return self[..<end]
  }
}
