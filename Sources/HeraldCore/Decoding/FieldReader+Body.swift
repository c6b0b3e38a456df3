extension FieldReader {
  /// Reads the body's object form, `{paragraphs: [..], bullets: [..]}`, each item plain text.
  public mutating func body(_ node: SourceNode) -> AnnouncementBody? {
    guard let entries = mapping(node, field: "body") else { return nil }
    let fields = knownEntries(entries, known: ["paragraphs", "bullets"], context: "the body")
    var lists: [String: [String]] = [:]
    for name in ["paragraphs", "bullets"] {
      guard let value = fields[name]?.value else { continue }
      guard let items = textList(value, field: "body.\(name)", example: "\"…\"") else {
        return nil
      }
      for item in items where item.text.trimmingWhitespace().isEmpty {
        error(
          .invalidBody, at: item.position, "body.\(name) has an empty item",
          hint: "remove it, or write its text")
      }
      lists[name] = items.map(\.text)
    }
    return AnnouncementBody(paragraphs: lists["paragraphs"] ?? [], bullets: lists["bullets"] ?? [])
  }
}
