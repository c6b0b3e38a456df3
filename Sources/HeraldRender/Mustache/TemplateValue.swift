/// The data a template renders: the JSON-like values Mustache knows.
public indirect enum TemplateValue: Sendable, Hashable {
  /// A missing or null value: falsey, renders as nothing.
  case null
  /// A boolean: `false` is falsey.
  case bool(Bool)
  /// Text, HTML-escaped by `{{name}}` and written as is by `{{{name}}}`.
  case string(String)
  /// An integer.
  case integer(Int)
  /// A decimal number.
  case double(Double)
  /// A list: a section renders once per item; an empty list is falsey.
  case list([TemplateValue])
  /// An object whose keys a name looks up.
  case object([String: TemplateValue])

  /// A string, or null when absent.
  public static func optional(_ text: String?) -> TemplateValue {
    text.map(TemplateValue.string) ?? .null
  }

  /// Whether a section renders (and an inverted section does not).
  var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let value): return value
    case .list(let items): return !items.isEmpty
    default: return true
    }
  }

  /// The text an interpolation writes.
  var text: String {
    switch self {
    case .null: return ""
    case .bool(let value): return value ? "true" : "false"
    case .string(let value): return value
    case .integer(let value): return String(value)
    case .double(let value): return String(value)
    case .list, .object: return ""
    }
  }

  /// The same object with one more member (other values are returned unchanged).
  public func adding(_ key: String, _ value: TemplateValue) -> TemplateValue {
    guard case .object(var members) = self else { return self }
    members[key] = value
    return .object(members)
  }

  /// The value of a key, when this is an object that has it.
  func member(_ key: String) -> TemplateValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}
