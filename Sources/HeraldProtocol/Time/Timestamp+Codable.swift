extension Timestamp: Codable {
  /// Reads an RFC 3339 string (or a `YYYY-MM-DD` date).
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let timestamp = Timestamp(text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a timestamp"))
    }
    self = timestamp
  }

  /// Writes the RFC 3339 text in UTC.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rfc3339)
  }
}
