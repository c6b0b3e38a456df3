import Foundation
import HeraldCore
import Testing

/// A row is written through its one `Codable` type: what the build writes is what apps decode.
@Suite("A row's JSON is what encoding it gives")
struct ManifestRowJSONTests {
  static let published = Timestamp("2026-05-01T09:30:00Z")!

  static let rows: [ManifestRow] = [
    ManifestRow(id: "bare", severity: .info, kind: .notice, title: "T", publishedAt: published),
    ManifestRow(
      id: "full", severity: .critical, kind: .updateAvailable, title: "Update \"now\"",
      body: MessageBody(paragraphs: ["One", "Two é"], bullets: ["a", "b"]),
      html: "<p>One</p>\n", actionURL: "https://example.com/x", actionLabel: "Go",
      blocking: true, publishedAt: published, updatedAt: Timestamp("2026-05-02T00:00:00Z"),
      expiresAt: Timestamp("2026-06-01T00:00:00+02:00"), minVersion: try? Version(parsing: "1.0"),
      maxVersion: try? Version(parsing: "1.9.9"), url: "https://example.com/a/full/",
      draft: true),
    ManifestRow(
      id: "draft-false", severity: .important, kind: .whatsNew, title: "W",
      publishedAt: published, draft: false),
  ]

  @Test("a row's bytes, at every depth, decode back to the row", arguments: rows)
  func roundTrips(row: ManifestRow) throws {
    let encoded = try JSONValueEncoder.encode(row)
    for indent in [0, 2, 4, 7] {
      let bytes = PreformattedJSON(encoded, indent: indent).bytes
      let decoded = try JSONDecoder().decode(ManifestRow.self, from: Data(bytes))
      #expect(decoded == row, "at indent \(indent)")
    }
  }
}
