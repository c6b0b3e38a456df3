import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// The TypeScript and Kotlin rows, and the record schema's descriptions, are what
/// `ManifestRowField.all` makes: a field added to the table and not regenerated fails here
/// (`scripts/generate-client-rows` rewrites them, with `RECORD_GOLDEN=1`).
@Suite("The clients' rows are generated from the one table")
struct GeneratedClientRowsTests {
  @Test("clients/js/src/row.ts and the Kotlin ManifestRow.kt are up to date")
  func clientRows() throws {
    for file in ClientRowSources.files {
      let url = Fixtures.packageRoot.appending(path: file.path)
      let expected = try Fixtures.golden(file.text, at: url)
      #expect(file.text == expected, "\(file.path) is stale: run scripts/generate-client-rows")
    }
  }

  @Test("site-template/schemas/record.schema.json describes row fields as the table does")
  func recordSchema() throws {
    let url = Fixtures.packageRoot.appending(path: "site-template/schemas/record.schema.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    let derived = ClientRowSources.recordSchema(from: text)
    let expected = try Fixtures.golden(derived, at: url)
    #expect(derived == expected, "record.schema.json is stale: run scripts/generate-client-rows")
  }
}
