extension Timestamp: Codable {
  /// Reads an RFC 3339 string (or a `YYYY-MM-DD` date).
  package init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let timestamp = Timestamp(text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a timestamp"))
    }
    self = timestamp
  }

  /// Writes the RFC 3339 text in UTC; a time outside `writable`, which no reader parses, is an
  /// error rather than a document every reader fails on.
  package func encode(to encoder: any Encoder) throws {
    guard Self.writable.contains(self) else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(rfc3339) is outside the years 0000 to 9999 that apps read"))
    }
    var container = encoder.singleValueContainer()
    try container.encode(rfc3339)
  }
}
