import Foundation
import HeraldCore
import HeraldRender
import HeraldTestSupport
import Testing

@testable import HeraldContent

/// One case of the official Mustache spec.
struct MustacheSpecCase: CustomTestStringConvertible, Sendable {
  let file: String
  let name: String
  let template: String
  let partials: [String: String]
  let data: TemplateValue
  let expected: String

  var testDescription: String { "\(file): \(name)" }

  static let folder = Fixtures.shared.appending(path: "conformance/mustache-spec")
  static let available = FileManager.default.fileExists(atPath: folder.path)

  /// Every case of the required modules and inheritance.
  static func all() -> [MustacheSpecCase] {
    let files = [
      "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
    ]
    return files.flatMap { file -> [MustacheSpecCase] in
      let url = folder.appending(path: "\(file).json")
      guard let data = FileManager.default.contents(atPath: url.path),
        case .success(let root) = JSONReader.read(String(decoding: data, as: UTF8.self), file: file),
        case .object(let document) = templateValue(root), case .list(let tests)? = document["tests"]
      else { return [] }
      return tests.compactMap { test in
        guard case .object(let fields) = test, case .string(let name)? = fields["name"],
          case .string(let template)? = fields["template"],
          case .string(let expected)? = fields["expected"]
        else { return nil }
        var partials: [String: String] = [:]
        if case .object(let given)? = fields["partials"] {
          for (key, value) in given.dictionary {
            if case .string(let text) = value { partials[key] = text }
          }
        }
        return MustacheSpecCase(
          file: file, name: name, template: template, partials: partials,
          data: fields["data"] ?? .null, expected: expected)
      }
    }
  }

  static func templateValue(_ node: SourceNode) -> TemplateValue {
    switch node.value {
    case .scalar(.string(let text)), .scalar(.plain(let text)): return .string(text)
    case .scalar(.number(let text)):
      if let integer = Int(text) { return .integer(integer) }
      return .double(Double(text) ?? 0)
    case .scalar(.boolean(let value)): return .bool(value)
    case .scalar(.null): return .null
    case .sequence(let items): return .list(items.map(templateValue))
    case .mapping(let entries):
      var object = TemplateObject()
      for entry in entries { object[entry.key] = templateValue(entry.value) }
      return .object(object)
    }
  }
}

@Suite(
  "The official Mustache spec",
  .enabled(
    if: MustacheSpecCase.available,
    "../shared/conformance/mustache-spec is absent (a fresh clone): skipping the spec"))
struct MustacheSpecTests {
  @Test("the required modules and inheritance are all present")
  func coverage() {
    #expect(MustacheSpecCase.all().count == 163)
  }

  @Test("case", arguments: MustacheSpecCase.all())
  func specCase(_ test: MustacheSpecCase) throws {
    var templates: [String: (file: String, text: String)] = ["": ("test.mustache", test.template)]
    for (name, text) in test.partials { templates[name] = ("\(name).mustache", text) }
    let library = try TemplateLibrary(templates: templates)
    #expect(try library.render("", data: test.data) == test.expected)
  }
}
