extension Diagnostic {
  /// The diagnostic as `check --format json` writes it.
  package var json: JSONValue {
    .object([
      "file": .string(file),
      "line": .integer(line),
      "column": .integer(column),
      "severity": .string(severity.rawValue),
      "code": .string(code.name),
      "message": .string(message),
      "hint": .optional(hint),
    ])
  }
}
