/// Encodes any `Encodable` value as a `JSONValue`, so a document herald writes comes from the same
/// `Codable` type that apps decode (its keys are defined once), written by herald's deterministic
/// writer.
///
/// A `JSONValue` inside the value (a preformatted row) is placed as it is.
package enum JSONValueEncoder {
  /// The value as JSON.
  package static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
    if let json = value as? JSONValue { return json }
    let box = ValueBox()
    try value.encode(to: TreeEncoder(box: box, codingPath: []))
    return box.value
  }
}

/// A slot that a container fills: a value, or a keyed or unkeyed container still being filled.
private final class ValueBox {
  enum Content {
    case value(JSONValue)
    /// The members in the order they were encoded; a key encoded twice keeps its last value.
    case object([(key: String, box: ValueBox)])
    case array([ValueBox])
  }

  var content: Content = .value(.null)

  var value: JSONValue {
    switch content {
    case .value(let value): return value
    case .object(let members):
      // Hashed once here, not also as each member was added.
      var object: [String: JSONValue] = [:]
      object.reserveCapacity(members.count)
      for member in members { object[member.key] = member.box.value }
      return .object(object)
    case .array(let items): return .array(items.map(\.value))
    }
  }

  /// Fills the slot with a value: a string or a `JSONValue` at once, anything else through its
  /// own `encode(to:)`.
  ///
  /// The two are told by their type's identity, a comparison of two pointers: a dynamic cast to
  /// each primitive type, and to `any BinaryInteger`, was tried for every member that was not one
  /// (each optional, date and version), at a thousand instructions and more apiece. Primitives
  /// that encode themselves reach the containers' own methods for them.
  func set<Value: Encodable>(_ value: Value, codingPath: () -> [any CodingKey]) throws {
    if Value.self == String.self, let text = value as? String {
      content = .value(.string(text))
    } else if Value.self == JSONValue.self, let json = value as? JSONValue {
      content = .value(json)
    } else {
      try value.encode(to: TreeEncoder(box: self, codingPath: codingPath()))
    }
  }

  /// A primitive's value; a fraction, or an integer that `Int` cannot hold, is refused.
  func set<Number: BinaryInteger & Encodable>(integer: Number, codingPath: [any CodingKey])
    throws
  {
    guard let number = Int(exactly: integer) else {
      throw EncodingError.invalidValue(
        integer,
        EncodingError.Context(codingPath: codingPath, debugDescription: "beyond Int's range"))
    }
    content = .value(.integer(number))
  }
}

/// The error for a fraction: herald's documents hold none.
private func fractionError(_ value: Any, _ codingPath: [any CodingKey]) -> EncodingError {
  EncodingError.invalidValue(
    value,
    EncodingError.Context(codingPath: codingPath, debugDescription: "no fractions in JSONValue"))
}

private struct TreeEncoder: Encoder {
  let box: ValueBox
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = box.content {} else { box.content = .object([]) }
    return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = box.content {} else { box.content = .array([]) }
    return UnkeyedContainer(box: box, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(box: box, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: ValueBox
  let codingPath: [any CodingKey]

  private func child(_ key: Key) -> ValueBox {
    let child = ValueBox()
    if case .object(var members) = box.content {
      // Drop the box's own reference first, so the list grows in place instead of being copied
      // for every member.
      box.content = .value(.null)
      members.append((key.stringValue, child))
      box.content = .object(members)
    }
    return child
  }

  mutating func encodeNil(forKey key: Key) throws { child(key).content = .value(.null) }

  mutating func encode(_ value: String, forKey key: Key) throws {
    child(key).content = .value(.string(value))
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    child(key).content = .value(.bool(value))
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    child(key).content = .value(.integer(value))
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try child(key).set(value) { codingPath + [key] }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    TreeEncoder(box: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    TreeEncoder(box: child(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(box: box, codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(box: child(key), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let box: ValueBox
  let codingPath: [any CodingKey]

  var count: Int {
    if case .array(let items) = box.content { return items.count }
    return 0
  }

  private func append() -> ValueBox {
    let child = ValueBox()
    if case .array(var items) = box.content {
      // As for members: without this, every append copies the whole array (quadratic in rows).
      box.content = .value(.null)
      items.append(child)
      box.content = .array(items)
    }
    return child
  }

  mutating func encodeNil() throws { append().content = .value(.null) }

  mutating func encode(_ value: String) throws { append().content = .value(.string(value)) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try append().set(value) { codingPath }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    TreeEncoder(box: append(), codingPath: codingPath).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    TreeEncoder(box: append(), codingPath: codingPath).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { TreeEncoder(box: append(), codingPath: codingPath) }
}

/// A single value: every primitive has its own method here, since the protocol's defaults for
/// them call the generic `encode`, which would encode the value through itself again.
private struct SingleContainer: SingleValueEncodingContainer {
  let box: ValueBox
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { box.content = .value(.null) }
  mutating func encode(_ value: Bool) throws { box.content = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { box.content = .value(.string(value)) }
  mutating func encode(_ value: Int) throws { box.content = .value(.integer(value)) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try integer(value) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try integer(value) }
  mutating func encode(_ value: Double) throws { throw fractionError(value, codingPath) }
  mutating func encode(_ value: Float) throws { throw fractionError(value, codingPath) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try box.set(value) { codingPath }
  }

  private func integer<Number: BinaryInteger & Encodable>(_ value: Number) throws {
    try box.set(integer: value, codingPath: codingPath)
  }
}

extension JSONValue: Encodable {
  /// Encodes the value through any encoder; a preformatted value can only go through
  /// `JSONValueEncoder`, which places it as it is.
  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .integer(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
    case .preformatted:
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "preformatted JSON is placed only by JSONValueEncoder"))
    }
  }
}

/// A coding key made from any string, for objects whose keys are data.
struct AnyKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension JSONValue: Decodable {
  /// Reads any JSON value without fractions (herald's documents have none).
  package init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: JSONValue] = [:]
      for key in container.allKeys {
        members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
      }
      self = .object(members)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }
}
