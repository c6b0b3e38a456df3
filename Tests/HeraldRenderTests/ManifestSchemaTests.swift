import Foundation
import HeraldCore
import Testing

@testable import HeraldRender

@Suite("The published JSON Schema describes the Codable types apps decode")
struct ManifestSchemaTests {
  static let schema = ManifestSchema.document(id: "https://x.example/api/v1/manifest.schema.json")

  func definition(_ name: String) -> [String: JSONValue] {
    guard case .object(let root) = Self.schema, case .object(let definitions)? = root["$defs"],
      case .object(let definition)? = definitions[name]
    else { return [:] }
    return definition
  }

  func keys(_ value: JSONValue?) -> Set<String> {
    if case .object(let members)? = value { return Set(members.keys) }
    if case .array(let items)? = value {
      return Set(items.compactMap { if case .string(let text) = $0 { text } else { nil } })
    }
    return []
  }

  @Test("a row's properties are ManifestRow's keys; only draft is optional")
  func rowMatchesManifestRow() {
    let row = definition("announcement")
    let codingKeys = Set(ManifestRow.CodingKeys.allCases.map(\.stringValue))
    #expect(keys(row["properties"]) == codingKeys)
    #expect(keys(row["required"]) == codingKeys.subtracting(["draft"]))
  }

  @Test("every key a fully populated row encodes is allowed, and null ones are nullable")
  func encodedRowFitsTheSchema() throws {
    let full = ManifestRow(
      id: "a", severity: .critical, kind: .notice, title: "A",
      body: MessageBody(paragraphs: ["p"], bullets: ["b"]), html: "<p>p</p>",
      actionURL: "https://x.example", actionLabel: "Go", blocking: true,
      publishedAt: Timestamp(seconds: 1), updatedAt: Timestamp(seconds: 2),
      expiresAt: Timestamp(seconds: 3), minVersion: Version("1.0"), maxVersion: Version("2.0"),
      url: "https://x.example/a/", draft: true)
    let sparse = ManifestRow(
      id: "b", severity: .info, kind: .notice, title: "B", publishedAt: Timestamp(seconds: 1))
    let properties = definition("announcement")["properties"]
    for row in [full, sparse] {
      guard case .object(let encoded) = try JSONValueEncoder.encode(row),
        case .object(let allowed)? = properties
      else {
        Issue.record("not an object")
        continue
      }
      #expect(Set(encoded.keys).isSubset(of: Set(allowed.keys)))
      for (key, value) in encoded where value == .null {
        #expect(allowed[key]?.document.contains("null") == true, "\(key) is null but not nullable")
      }
      let decoded = try JSONDecoder().decode(
        ManifestRow.self, from: Data(JSONValue.object(encoded).documentBytes))
      #expect(decoded == row, "a row survives encoding and decoding")
    }
  }
}
