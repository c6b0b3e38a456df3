import HeraldCore
import Testing

@Suite("JSON is written with sorted keys, two spaces and a final newline")
struct JSONValueTests {
  @Test("layout and key order do not depend on insertion order")
  func layout() {
    let value = JSONValue.object([
      "zeta": .array([.integer(1), .null, .bool(true)]), "alpha": .string("a/b"),
      "Beta": .object([:]), "list": .array([]),
    ])
    #expect(
      value.document == """
        {
          "Beta": {},
          "alpha": "a/b",
          "list": [],
          "zeta": [
            1,
            null,
            true
          ]
        }

        """)
  }

  @Test("strings are escaped, non-ASCII kept")
  func escaping() {
    let text = JSONValue.string("<\"é\"\\\n\t\u{01}\u{2028}>").document
    #expect(text == "\"<\\\"é\\\"\\\\\\n\\t\\u0001\\u2028>\"\n")
  }
}
