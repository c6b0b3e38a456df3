/// A row field that is always written, an absent value as `null` (DESIGN §3).
///
/// Every row then has the same keys. Reading, a missing key and `null` are both absent. It lets `ManifestRow` keep synthesized `Codable`, where a plain optional would be left out.
@propertyWrapper
package struct NullWhenAbsent<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
  /// The value, or nil when absent.
  package var wrappedValue: Value?

  /// Wraps a value.
  package init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  /// Reads a value or `null`.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
  }

  /// Writes the value, or `null`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}

/// A reminder's seconds (DESIGN §5.9), written as `NullWhenAbsent` is.
///
/// A value outside `ClientLimits`' range fails the row, so it is left out as every client leaves
/// it out.
@propertyWrapper
package struct ReminderSeconds: Codable, Sendable, Hashable {
  /// The seconds, or nil when the row does not remind.
  package var wrappedValue: Int?

  /// The seconds a row may remind after.
  package static let range = ClientLimits.minimumRemindAfter...ClientLimits.maximumRemindAfter

  /// Wraps a value (unchecked: herald checks a record's value when it reads the record).
  package init(wrappedValue: Int?) {
    self.wrappedValue = wrappedValue
  }

  /// Reads seconds or `null`, refusing seconds outside `range`.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard !container.decodeNil() else {
      wrappedValue = nil
      return
    }
    let seconds = try container.decode(Int.self)
    guard Self.range.contains(seconds) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "remindAfter \(seconds) is outside \(Self.range)")
    }
    wrappedValue = seconds
  }

  /// Writes the seconds, or `null`.
  package func encode(to encoder: any Encoder) throws {
    try NullWhenAbsent(wrappedValue: wrappedValue).encode(to: encoder)
  }
}

extension KeyedDecodingContainer {
  /// A nullable field whose key is missing reads as absent, as `null` does; synthesized
  /// `init(from:)` picks this over the generic `decode`, which would throw `keyNotFound`.
  package func decode<Value>(_ type: NullWhenAbsent<Value>.Type, forKey key: Key) throws
    -> NullWhenAbsent<Value>
  {
    try decodeIfPresent(type, forKey: key) ?? NullWhenAbsent(wrappedValue: nil)
  }

  /// A reminder whose key is missing reads as no reminder.
  package func decode(_ type: ReminderSeconds.Type, forKey key: Key) throws -> ReminderSeconds {
    try decodeIfPresent(type, forKey: key) ?? ReminderSeconds(wrappedValue: nil)
  }
}
