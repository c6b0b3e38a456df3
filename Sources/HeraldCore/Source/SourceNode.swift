/// A value read from a record or configuration file, untyped, with where it was written.
///
/// The content loader builds these from YAML or JSON; the decoders in this module type them by
/// DESIGN §2's rules (not YAML 1.1's), so the rules do not depend on the file format.
package struct SourceNode: Sendable, Hashable {
  /// The value.
  package let value: SourceValue
  /// Where the value starts.
  package let position: SourcePosition

  /// Makes a node.
  package init(_ value: SourceValue, at position: SourcePosition) {
    self.value = value
    self.position = position
  }
}

/// The shapes a source value can take.
package enum SourceValue: Sendable, Hashable {
  /// A scalar and how it was written.
  case scalar(SourceScalar)
  /// A list.
  case sequence([SourceNode])
  /// Keys and values in the order written.
  case mapping([SourceEntry])
}

/// A scalar as written; how it is read depends on the field it belongs to.
package enum SourceScalar: Sendable, Hashable {
  /// Unquoted YAML text, exactly as typed (`1.10` stays `1.10`).
  case plain(String)
  /// Text the author quoted: a quoted or block YAML scalar, or a JSON string.
  case string(String)
  /// A JSON number, as written.
  case number(String)
  /// A JSON `true` or `false`.
  case boolean(Bool)
  /// A JSON `null`.
  case null
}

/// One key and its value in a mapping.
package struct SourceEntry: Sendable, Hashable {
  /// The key's text.
  package let key: String
  /// Where the key starts.
  package let keyPosition: SourcePosition
  /// The value.
  package let value: SourceNode

  /// Makes an entry.
  package init(key: String, at keyPosition: SourcePosition, value: SourceNode) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }
}

extension SourceValue {
  /// What the value is, for messages: `a list`, `a mapping`, `the number 3`, `the text "x"`.
  package var summary: String {
    switch self {
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    case .scalar(.plain(let text)), .scalar(.string(let text)): return "the text \"\(text)\""
    case .scalar(.number(let text)): return "the number \(text)"
    case .scalar(.boolean(let value)): return "\(value)"
    case .scalar(.null): return "null"
    }
  }
}
