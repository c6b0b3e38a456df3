extension ManifestRow {
  /// The row as JSON, member for member what `JSONValueEncoder` makes of `encode(to:)`, built
  /// directly: a build writes a row per record, and the generic encoder took 7% of its time.
  ///
  /// `ManifestRowJSONTests` holds the two equal for rows with and without every optional member.
  package var json: JSONValue {
    var members: [String: JSONValue] = [
      CodingKeys.id.stringValue: .string(id),
      CodingKeys.severity.stringValue: .string(severity.rawValue),
      CodingKeys.kind.stringValue: .string(kind.rawValue),
      CodingKeys.title.stringValue: .string(title),
      CodingKeys.body.stringValue: .object([
        "paragraphs": .array(body.paragraphs.map(JSONValue.string)),
        "bullets": .array(body.bullets.map(JSONValue.string)),
      ]),
      CodingKeys.html.stringValue: .string(html),
      CodingKeys.actionURL.stringValue: .optional(actionURL),
      CodingKeys.actionLabel.stringValue: .optional(actionLabel),
      CodingKeys.blocking.stringValue: .bool(blocking),
      CodingKeys.publishedAt.stringValue: .string(publishedAt.rfc3339),
      CodingKeys.updatedAt.stringValue: .optional(updatedAt?.rfc3339),
      CodingKeys.expiresAt.stringValue: .optional(expiresAt?.rfc3339),
      CodingKeys.minVersion.stringValue: .optional(minVersion?.text),
      CodingKeys.maxVersion.stringValue: .optional(maxVersion?.text),
      CodingKeys.url.stringValue: .string(url),
    ]
    if let draft { members[CodingKeys.draft.stringValue] = .bool(draft) }
    return .object(members)
  }
}
