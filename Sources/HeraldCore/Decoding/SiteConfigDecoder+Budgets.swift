extension SiteConfigDecoder {
  /// Reads `manifestBudget`: a size, as bytes (`512000`) or with a unit (`512 KB`, `1.5 MB`,
  /// `512 KiB`), above zero and at most the clients' body limit.
  func decodeBudget(_ node: SourceNode, reader: inout FieldReader) -> (
    bytes: Int, position: SourcePosition
  )? {
    guard let text = reader.text(node, field: "manifestBudget") else { return nil }
    guard let bytes = Self.size(text), bytes > 0 else {
      reader.error(
        .invalidBudget, at: node.position, "manifestBudget \"\(text)\" is not a size",
        hint: "write a size such as 512 KB or 1 MB (1 KB is 1,000 bytes, 1 KiB 1,024)")
      return nil
    }
    guard bytes <= ClientLimits.maximumBodySize else {
      reader.error(
        .invalidBudget, at: node.position,
        "manifestBudget \(text) is over the \(ClientLimits.maximumBodySize)-byte limit every"
          + " client reads",
        hint: "a document over the limit is an error already; keep the budget below it")
      return nil
    }
    return (bytes, node.position)
  }

  /// Reads `archive`: a mapping whose `pageSize` is a positive whole number.
  func decodeArchive(_ node: SourceNode, reader: inout FieldReader) -> Int? {
    guard let entries = reader.mapping(node, field: "archive") else { return nil }
    let fields = reader.knownEntries(entries, known: ["pageSize"], context: "archive")
    guard let size = fields["pageSize"]?.value, let text = reader.text(size, field: "pageSize")
    else { return nil }
    guard let count = Int(text), count > 0, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      reader.error(
        .invalidArchive, at: size.position,
        "archive.pageSize \"\(text)\" is not a positive whole number",
        hint: "write how many records a page of the archive holds, such as 50")
      return nil
    }
    return count
  }

  /// The bytes a size names: digits (a fraction allowed with a unit), then optionally B, KB, MB
  /// (powers of 1,000) or KiB, MiB (of 1,024), any case, a space between or not.
  package static func size(_ text: String) -> Int? {
    let trimmed = text.trimmingWhitespace()
    let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    let unit = String(trimmed.dropFirst(number.count)).trimmingWhitespace().lowercased()
    let factor: Double
    switch unit {
    case "", "b": factor = 1
    case "kb", "k": factor = 1_000
    case "mb", "m": factor = 1_000_000
    case "kib": factor = 1_024
    case "mib": factor = 1_048_576
    default: return nil
    }
    guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number.last != ".",
      number.first != ".", let value = Double(number),
      !(unit.isEmpty || unit == "b")
        || !number.contains(".")
    else { return nil }
    let bytes = (value * factor).rounded()
    return bytes < Double(Int.max / 2) ? Int(bytes) : nil
  }
}
