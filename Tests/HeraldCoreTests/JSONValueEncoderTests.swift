import Foundation
import HeraldCore
import Testing

/// `JSONValueEncoder` gives what Foundation's encoder gives for the same value, through every kind
/// of container and every primitive, and refuses what a `JSONValue` cannot hold.
@Suite("JSONValueEncoder encodes as Foundation's JSONEncoder does")
struct JSONValueEncoderTests {
  /// A value that goes through every container and every primitive method.
  struct Everything: Encodable {
    var text = "a \"quoted\" é"
    var flag = true
    var int = -7
    var int8: Int8 = -8
    var int16: Int16 = 16
    var int32: Int32 = -32
    var int64: Int64 = 64
    var uint: UInt = 1
    var uint8: UInt8 = 255
    var uint16: UInt16 = 16
    var uint32: UInt32 = 32
    var uint64: UInt64 = 64
    var missing: String? = nil
    var present: Int? = 3
    var list = ["x", "y"]
    var numbers: [Int] = [1, 2]
    var nested = Nested()
    var map = ["b": 2, "a": 1]

    struct Nested: Encodable {
      var inner: [Nested]? = nil
      var flags: [Bool] = [false, true]
      var name = "n"
    }

    enum CodingKeys: String, CodingKey {
      case text, flag, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
      case missing, present, list, numbers, nested, map
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(text, forKey: .text)
      try container.encode(flag, forKey: .flag)
      try container.encode(int, forKey: .int)
      try container.encode(int8, forKey: .int8)
      try container.encode(int16, forKey: .int16)
      try container.encode(int32, forKey: .int32)
      try container.encode(int64, forKey: .int64)
      try container.encode(uint, forKey: .uint)
      try container.encode(uint8, forKey: .uint8)
      try container.encode(uint16, forKey: .uint16)
      try container.encode(uint32, forKey: .uint32)
      try container.encode(uint64, forKey: .uint64)
      // Written as null, as a row's absent fields are.
      try container.encode(missing, forKey: .missing)
      try container.encode(present, forKey: .present)
      var unkeyed = container.nestedUnkeyedContainer(forKey: .list)
      for item in list { try unkeyed.encode(item) }
      try container.encode(numbers, forKey: .numbers)
      try container.encode(Nested(inner: [nested, Nested()]), forKey: .nested)
      try container.encode(map, forKey: .map)
    }
  }

  /// A value whose key is encoded twice: the later value stays, as in Foundation's encoder.
  struct Twice: Encodable {
    enum CodingKeys: String, CodingKey { case key }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode("first", forKey: .key)
      try container.encode("second", forKey: .key)
    }
  }

  /// What Foundation writes, read back as a `JSONValue`.
  static func foundation<Value: Encodable>(_ value: Value) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))
  }

  @Test("every container and primitive gives Foundation's value")
  func everything() throws {
    let encoded = try JSONValueEncoder.encode(Everything())
    #expect(encoded == (try Self.foundation(Everything())))
    guard case .object(let members) = encoded else {
      Issue.record("not an object: \(encoded)")
      return
    }
    #expect(members["missing"] == .null)
    #expect(members["uint8"] == .integer(255))
    #expect(members["text"] == .string("a \"quoted\" é"))
  }

  @Test("a row is what Foundation makes of it", arguments: ManifestRowJSONTests.rows)
  func row(row: ManifestRow) throws {
    #expect(try JSONValueEncoder.encode(row) == (try Self.foundation(row)))
  }

  @Test("a key encoded twice keeps its later value")
  func later() throws {
    #expect(try JSONValueEncoder.encode(Twice()) == .object(["key": .string("second")]))
    #expect(try JSONValueEncoder.encode(Twice()) == (try Self.foundation(Twice())))
  }

  @Test("a top-level primitive or list is that value", arguments: [0, 1, 2, 3])
  func topLevel(index: Int) throws {
    let cases: [(any Encodable, JSONValue)] = [
      ("text", .string("text")), (true, .bool(true)), (UInt16(9), .integer(9)),
      ([Int8(-1), 2], .array([.integer(-1), .integer(2)])),
    ]
    let (value, expected) = cases[index]
    #expect(try JSONValueEncoder.encode(value) == expected)
  }

  @Test("a JSONValue inside a value is placed as it is")
  func placed() throws {
    let inner = JSONValue.object(["k": .array([.null, .bool(false)])])
    #expect(try JSONValueEncoder.encode(["outer": inner]) == .object(["outer": inner]))
  }

  @Test("a fraction, or an integer beyond Int, is refused with its path")
  func refused() throws {
    #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(["a": 1.5]) }
    #expect(throws: EncodingError.self) { try JSONValueEncoder.encode([Float(2)]) }
    do {
      _ = try JSONValueEncoder.encode(["big": [UInt64.max]])
      Issue.record("UInt64.max was encoded")
    } catch let EncodingError.invalidValue(_, context) {
      #expect(context.codingPath.first?.stringValue == "big")
    }
  }
}
