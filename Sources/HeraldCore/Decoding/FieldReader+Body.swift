extension FieldReader {
  /// Reads the body's object form, `{paragraphs: [..], bullets: [..]}`, each item plain text.
  package mutating func body(_ node: SourceNode) -> AnnouncementBody? {
    guard let entries = mapping(node, field: "body") else { return nil }
    let fields = knownEntries(entries, known: ["paragraphs", "bullets"], context: "the body")
    var lists: [String: [String]] = [:]
    var valid = true
    // Both lists are read even when the first has a problem, so every problem is reported.
    for name in ["paragraphs", "bullets"] {
      guard let value = fields[name]?.value else { continue }
      guard let (items, complete) = textItems(value, field: "body.\(name)", example: "\"…\"")
      else {
        valid = false
        continue
      }
      valid = valid && complete
      for item in items where item.text.trimmingWhitespace().isEmpty {
        error(
          .invalidBody, at: item.position, "body.\(name) has an empty item",
          hint: "remove it, or write its text")
      }
      lists[name] = items.map(\.text)
    }
    guard valid else { return nil }
    return AnnouncementBody(paragraphs: lists["paragraphs"] ?? [], bullets: lists["bullets"] ?? [])
  }
}
