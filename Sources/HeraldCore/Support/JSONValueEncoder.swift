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
    case object([String: ValueBox])
    case array([ValueBox])
  }

  var content: Content = .value(.null)

  var value: JSONValue {
    switch content {
    case .value(let value): return value
    case .object(let members): return .object(members.mapValues(\.value))
    case .array(let items): return .array(items.map(\.value))
    }
  }

  func set<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
    switch value {
    case let json as JSONValue: content = .value(json)
    case let text as String: content = .value(.string(text))
    case let flag as Bool: content = .value(.bool(flag))
    case let number as Int: content = .value(.integer(number))
    case let number as any BinaryInteger: content = .value(.integer(Int(number)))
    case is any BinaryFloatingPoint:
      // herald's documents hold no fractions; a primitive never reaches the default branch, whose
      // encoding would come back here.
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: codingPath, debugDescription: "no fractions in JSONValue")
      )
    default: try value.encode(to: TreeEncoder(box: self, codingPath: codingPath))
    }
  }
}

private struct TreeEncoder: Encoder {
  let box: ValueBox
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = box.content {} else { box.content = .object([:]) }
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
      // Drop the box's own reference first, so the dictionary grows in place instead of being
      // copied for every member.
      box.content = .value(.null)
      members[key.stringValue] = child
      box.content = .object(members)
    }
    return child
  }

  mutating func encodeNil(forKey key: Key) throws { child(key).content = .value(.null) }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    try child(key).set(value, codingPath: codingPath + [key])
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

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try append().set(value, codingPath: codingPath)
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

private struct SingleContainer: SingleValueEncodingContainer {
  let box: ValueBox
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { box.content = .value(.null) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try box.set(value, codingPath: codingPath)
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
