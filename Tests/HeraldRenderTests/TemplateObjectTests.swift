import Testing

@testable import HeraldRender

@Suite("A template object behaves as a dictionary of its members")
struct TemplateObjectTests {
  @Test(
    "reading, replacing, adding and removing members",
    arguments: [
      ("read", ["a": "1", "b": "2"], [String: String?](), ["a": "1", "b": "2"]),
      ("replace", ["a": "1", "b": "2"], ["a": "3"], ["a": "3", "b": "2"]),
      ("add", ["a": "1"], ["c": "3"], ["a": "1", "c": "3"]),
      ("remove", ["a": "1", "b": "2"], ["a": nil], ["b": "2"]),
      ("remove what is absent", ["a": "1"], ["z": nil], ["a": "1"]),
      ("empty", [:], [:], [:]),
    ] as [(String, [String: String], [String: String?], [String: String])])
  func members(
    name: String, given: [String: String], changes: [String: String?],
    expected: [String: String]
  ) {
    var object = TemplateObject(given.mapValues(TemplateValue.string))
    for (key, value) in changes { object[key] = value.map(TemplateValue.string) }
    for (key, value) in expected { #expect(object[key] == .string(value), "\(name): \(key)") }
    #expect(object.count == expected.count, "\(name)")
    #expect(object.dictionary == expected.mapValues(TemplateValue.string), "\(name)")
  }

  @Test("of a name given twice in a literal the later value wins, and setting it replaces both")
  func repeatedName() {
    let pairs = [("a", TemplateValue.string("1")), ("a", .string("2"))]
    var object = TemplateObject(pairs: pairs)
    #expect(object["a"] == .string("2"))
    #expect(object.dictionary == ["a": .string("2")])
    object["a"] = nil
    #expect(object["a"] == nil)
    #expect(object.count == 0)
  }

  @Test(
    "an object made from a member list or appended to reads as the literal with the same pairs",
    arguments: [
      [("a", "1"), ("b", "2")], [("a", "1"), ("a", "2")], [("x", "1")], [],
    ] as [[(String, String)]])
  func memberList(pairs: [(String, String)]) {
    let literal = TemplateObject(pairs: pairs.map { ($0.0, TemplateValue.string($0.1)) })
    let listed = TemplateObject(members: pairs.map { .init($0.0, .string($0.1)) })
    #expect(listed == literal)
    #expect(listed.count == literal.count)
    for (key, _) in pairs { #expect(listed[key] == literal[key], "\(key)") }
    var halves = TemplateObject(members: pairs.prefix(1).map { .init($0.0, .string($0.1)) })
    halves.append(
      contentsOf: TemplateObject(members: pairs.dropFirst().map { .init($0.0, .string($0.1)) }))
    #expect(halves == literal)
    #expect(halves.count == literal.count)
    for (key, _) in pairs { #expect(halves[key] == literal[key], "\(key)") }
  }

  @Test("a value gains a member as a new value, leaving a copy of the old one as it was")
  func adding() {
    let original = TemplateValue.object(["a": .string("1"), "b": .string("2")])
    let added = original.adding("c", .string("3"))
    let replaced = original.adding("a", .string("9"))
    #expect(original == .object(["a": .string("1"), "b": .string("2")]))
    #expect(added == .object(["a": .string("1"), "b": .string("2"), "c": .string("3")]))
    #expect(replaced == .object(["a": .string("9"), "b": .string("2")]))
    var changed = original
    changed.add("d", .bool(true))
    #expect(changed == .object(["a": .string("1"), "b": .string("2"), "d": .bool(true)]))
    #expect(original == .object(["a": .string("1"), "b": .string("2")]))
    #expect(TemplateValue.string("x").adding("a", .null) == .string("x"))
  }

  @Test("equality and hashing ignore the order of the members")
  func equality() {
    let one: TemplateObject = ["a": .string("1"), "b": .bool(true)]
    let other: TemplateObject = ["b": .bool(true), "a": .string("1")]
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
    #expect(one != ["a": .string("1")])
    #expect(TemplateValue.object(one) == .object(other))
  }
}

@Suite("Text given as UTF-8 bytes renders as the same text given as a string")
struct TemplateBytesTests {
  @Test(
    "escaped, unescaped, as a section and inverted",
    arguments: [
      "{{x}}", "{{{x}}}", "{{&x}}", "{{#x}}[{{.}}]{{/x}}", "{{^x}}none{{/x}}", "<{{x}}|{{{x}}}>",
    ])
  func sameOutput(template: String) throws {
    let library = try TemplateLibrary(templates: ["page": ("templates/page.mustache", template)])
    for text in ["", "plain", "<b>\"é\" & 'ü'</b>\u{1}\t😀"] {
      let string = try library.render("page", data: .object(["x": .string(text)]))
      let bytes = try library.render("page", data: .object(["x": .utf8(Array(text.utf8))]))
      #expect(bytes == string, "\(template) with \(text)")
    }
  }

  @Test(
    "names that share their first bytes, or a name whose string is stored otherwise, are found by name",
    arguments: [
      ["abcdefgh-1", "abcdefgh-2", "abcdefgh-3"],  // one length, the same first eight bytes
      ["a", "b", "isUpdateAvailable", "isUpdateAvailablf", ""],
    ])
  func names(names: [String]) {
    let object = TemplateObject(pairs: names.map { ($0, TemplateValue.string("value of " + $0)) })
    for name in names {
      // The same name, held in a string with room for more (not the short form a literal has).
      var stored = String()
      stored.reserveCapacity(64)
      stored.append(name)
      #expect(object.value(for: TemplateKey(stored)) == .string("value of " + name))
    }
    #expect(object.value(for: TemplateKey("abcdefgh-4")) == nil)
  }
}
