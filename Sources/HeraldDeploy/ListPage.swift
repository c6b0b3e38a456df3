/// One page of a ListObjectsV2 answer: each object's key and ETag, and the token of the next page.
struct ListPage {
  /// The objects, as (key, ETag).
  let objects: [(String, String)]
  /// The next page's token, when the answer is truncated.
  let nextToken: String?

  /// Reads the XML of an answer (S3's is flat: one `<Contents>` per object).
  init(_ body: [UInt8]) {
    let text = String(decoding: body, as: UTF8.self)
    var objects: [(String, String)] = []
    var rest = text[...]
    while let open = rest.range(of: "<Contents>"),
      let close = rest.range(of: "</Contents>", range: open.upperBound..<rest.endIndex)
    {
      let entry = String(rest[open.upperBound..<close.lowerBound])
      if let key = S3Client.element("Key", in: entry) {
        objects.append((key, S3Client.element("ETag", in: entry) ?? ""))
      }
      rest = rest[close.upperBound...]
    }
    self.objects = objects
    let truncated = S3Client.element("IsTruncated", in: text) == "true"
    nextToken = truncated ? S3Client.element("NextContinuationToken", in: text) : nil
  }
}

/// XML's five escapes, undone.
enum XMLText {
  static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&#34;", with: "\"")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
