import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The editor schemas `herald init` writes into a site name exactly the fields herald reads: a field
/// added to the decoder and not to the schema (or the reverse) fails here.
@Suite("The editor schemas name herald's fields")
struct EditorSchemaTests {
  static func schema(_ name: String) throws -> [String: Any] {
    let url = Fixtures.packageRoot.appending(path: "site-template/schemas/\(name).schema.json")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  @Test("record.schema.json: a property per record field, the required ones required")
  func recordFields() throws {
    let schema = try Self.schema("record")
    let properties = try #require(schema["properties"] as? [String: Any])
    #expect(Set(properties.keys) == Set(AnnouncementField.names))
    let required = try #require(schema["required"] as? [String])
    #expect(Set(required) == Set(AnnouncementField.required.map(\.rawValue)))
    #expect(schema["additionalProperties"] as? Bool == false, "a misspelt field is flagged")
    let translations = try #require(properties["translations"] as? [String: Any])
    let words = try #require(
      (translations["additionalProperties"] as? [String: Any])?["properties"] as? [String: Any])
    #expect(Set(words.keys) == Set(AnnouncementField.translatable.map(\.rawValue)))
  }

  @Test("herald.schema.json: a property per herald.yaml key, the required ones required")
  func configurationKeys() throws {
    let schema = try Self.schema("herald")
    let properties = try #require(schema["properties"] as? [String: Any])
    #expect(Set(properties.keys) == Set(SiteConfigDecoder.keys))
    let required = try #require(schema["required"] as? [String])
    #expect(Set(required) == ["title", "baseURL", "author", "platforms"])
    #expect(schema["additionalProperties"] as? Bool == false)
  }
}
