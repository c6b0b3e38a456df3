/// Types source values by DESIGN §2's rules and collects a diagnostic for each value that fails.
///
/// Versions, ids and timestamps are read as the text written, quoted or not; only `true` and `false`
/// are booleans.
package struct FieldReader: Sendable {
  /// The file the values come from.
  package let file: String
  /// The problems found so far.
  package private(set) var diagnostics: [Diagnostic] = []

  /// Makes a reader for values of one file.
  package init(file: String) { self.file = file }

  /// Records an error at a position.
  package mutating func error(
    _ code: DiagnosticCode, at position: SourcePosition, _ message: String, hint: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(file: file, position: position, code: code, message: message, hint: hint))
  }

  /// Records a warning at a position.
  package mutating func warning(
    _ code: DiagnosticCode, at position: SourcePosition, _ message: String, hint: String? = nil
  ) {
    diagnostics.append(
      Diagnostic(
        file: file, position: position, severity: .warning, code: code, message: message,
        hint: hint))
  }

  /// Adds diagnostics found elsewhere.
  package mutating func append(contentsOf other: [Diagnostic]) {
    diagnostics.append(contentsOf: other)
  }

  /// The text of a scalar, or nil with a diagnostic for an empty value, a list or a mapping.
  ///
  /// JSON numbers count as the text written; JSON booleans do not.
  package mutating func text(_ node: SourceNode, field: String) -> String? {
    switch node.value {
    case .scalar(.string(let text)), .scalar(.number(let text)):
      return text
    case .scalar(.plain(let text)):
      if Self.isNull(text) {
        error(
          .emptyValue, at: node.position, "\"\(field)\" has no value",
          hint: "give it a value, or remove the line")
        return nil
      }
      return text
    case .scalar(.null):
      error(
        .emptyValue, at: node.position, "\"\(field)\" has no value",
        hint: "give it a value, or remove the line")
      return nil
    case .scalar(.boolean), .sequence, .mapping:
      error(.wrongType, at: node.position, "\"\(field)\" must be text, not \(node.value.summary)")
      return nil
    }
  }

  /// A boolean written `true` or `false`; anything else (`yes`, `on`, `"true"`) is an error.
  package mutating func boolean(_ node: SourceNode, field: String) -> Bool? {
    switch node.value {
    case .scalar(.boolean(let value)):
      return value
    case .scalar(.plain("true")):
      return true
    case .scalar(.plain("false")):
      return false
    case .scalar(.plain(let text)) where Self.isNull(text):
      error(
        .emptyValue, at: node.position, "\"\(field)\" has no value",
        hint: "write true or false, or remove the line")
      return nil
    case .scalar(.plain(let text)), .scalar(.string(let text)):
      let lowered = text.lowercased()
      let meant =
        ["true", "yes", "y", "on"].contains(lowered)
        ? "true" : (["false", "no", "n", "off"].contains(lowered) ? "false" : nil)
      let quoted: Bool
      if case .scalar(.string) = node.value { quoted = true } else { quoted = false }
      let hint =
        meant.map { quoted ? "write \($0) without quotes" : "write \($0)" }
        ?? "write true or false"
      error(
        .invalidBoolean, at: node.position,
        "\"\(field)\" must be true or false, not \(quoted ? "the text " : "")\"\(text)\"",
        hint: hint)
      return nil
    case .scalar(.number(let text)):
      error(
        .invalidBoolean, at: node.position, "\"\(field)\" must be true or false, not \(text)",
        hint: "write true or false")
      return nil
    case .scalar(.null), .sequence, .mapping:
      error(
        .wrongType, at: node.position,
        "\"\(field)\" must be true or false, not \(node.value.summary)")
      return nil
    }
  }

  /// A version, read from the text as written.
  package mutating func version(_ node: SourceNode, field: String) -> Version? {
    guard let text = text(node, field: field) else { return nil }
    do {
      return try Version(parsing: text)
    } catch {
      self.error(
        .invalidVersion, at: node.position, "\(field) \(error)",
        hint: "write numbers separated by dots, such as 1.10.0 or 2.0.0-beta.1")
      return nil
    }
  }

  /// A timestamp, read from the text as written.
  package mutating func timestamp(_ node: SourceNode, field: String) -> Timestamp? {
    guard let text = text(node, field: field) else { return nil }
    do {
      let time = try Timestamp(parsing: text)
      // 9999-12-31T23:00:00-05:00 is in the year 10000 in UTC, which no app reads.
      guard Timestamp.writable.contains(time) else {
        self.error(
          .timeOutOfRange, at: node.position,
          "\(field) \(text) is \(time) in UTC, outside the years 0000 to 9999 that apps read",
          hint: "give a time between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z")
        return nil
      }
      return time
    } catch {
      self.error(
        .invalidTimestamp, at: node.position, "\(field) \(error)",
        hint: "write a date (2026-03-01) or an RFC 3339 time (2026-03-01T09:30:00Z)")
      return nil
    }
  }

  /// A list of texts with their positions, or nil when the value or any item is not text.
  package mutating func textList(_ node: SourceNode, field: String, example: String) -> [(
    text: String, position: SourcePosition
  )]? {
    guard let (items, complete) = textItems(node, field: field, example: example), complete else {
      return nil
    }
    return items
  }

  /// The text items of a list and whether every item was text (each one that is not gets a
  /// diagnostic), or nil when the value is not a list.
  package mutating func textItems(_ node: SourceNode, field: String, example: String) -> (
    items: [(text: String, position: SourcePosition)], complete: Bool
  )? {
    guard case .sequence(let items) = node.value else {
      var written = example
      if case .scalar(.plain(let text)) = node.value, !text.isEmpty { written = text }
      if case .scalar(.string(let text)) = node.value, !text.isEmpty { written = "\"\(text)\"" }
      error(
        .wrongType, at: node.position, "\"\(field)\" must be a list, not \(node.value.summary)",
        hint: "write \(field): [\(written)]")
      return nil
    }
    var texts: [(text: String, position: SourcePosition)] = []
    var complete = true
    for item in items {
      guard let text = text(item, field: field) else {
        complete = false
        continue
      }
      texts.append((text, item.position))
    }
    return (texts, complete)
  }

  /// The entries of a mapping, or nil with a diagnostic.
  package mutating func mapping(_ node: SourceNode, field: String) -> [SourceEntry]? {
    switch node.value {
    case .mapping(let entries):
      return entries
    default:
      error(
        .wrongType, at: node.position, "\"\(field)\" must be a mapping, not \(node.value.summary)")
      return nil
    }
  }

  /// Reports keys written twice and keys not in `known` (with a suggestion), and returns the entries
  /// by key for those that are known, first occurrence kept.
  package mutating func knownEntries(
    _ entries: [SourceEntry], known: [String], context: String, unknownHint: String? = nil
  ) -> FieldTable<String> {
    sortEntries(
      entries, context: context, unknownHint: unknownHint, names: { known },
      key: { known.contains($0) ? $0 : nil })
  }

  /// `knownEntries` for a mapping whose keys are the cases of `Field`: the same diagnostics, and a
  /// table looked up by case.
  package mutating func knownFields<Field: RawRepresentable & CaseIterable & Equatable & Sendable>(
    _ entries: [SourceEntry], as _: Field.Type, context: String, unknownHint: String? = nil
  ) -> FieldTable<Field> where Field.RawValue == String {
    sortEntries(
      entries, context: context, unknownHint: unknownHint,
      names: { Field.allCases.map(\.rawValue) }, key: Field.init(rawValue:))
  }

  /// The entries whose names `key` knows, first occurrence kept, with a diagnostic for each name
  /// written twice and each unknown one (suggesting the nearest of `names`).
  private mutating func sortEntries<Key: Equatable & Sendable>(
    _ entries: [SourceEntry], context: String, unknownHint: String?, names: () -> [String],
    key: (String) -> Key?
  ) -> FieldTable<Key> {
    var table = FieldTable<Key>(capacity: entries.count)
    for entry in entries {
      guard let known = key(entry.key) else {
        let suggestion = NearestName.suggestion(for: entry.key, among: names())
        let hint = suggestion.map {
          "did you mean \"\($0)\"?" + (unknownHint.map { " \($0)" } ?? "")
        }
        error(
          .unknownField, at: entry.keyPosition, "unknown field \"\(entry.key)\" in \(context)",
          hint: hint ?? "the fields are: " + names().joined(separator: ", "))
        continue
      }
      if let first = table[known] {
        error(
          .duplicateField, at: entry.keyPosition,
          "\"\(entry.key)\" is written twice in \(context)",
          hint: "the first is on line \(first.keyPosition.line); keep one")
      } else {
        table.add(known, entry)
      }
    }
    return table
  }

  /// Whether unquoted YAML text means null (`~`, `null` or nothing at all).
  static func isNull(_ text: String) -> Bool {
    text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
  }
}
