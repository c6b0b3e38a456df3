import HeraldCore
import Testing

/// A row is written directly rather than through `Codable`; the two must never differ, or the
/// manifests and the rows apps decode would disagree.
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

  @Test("written directly, a row's bytes are its encoding's at every depth", arguments: rows)
  func writtenAsItsValue(row: ManifestRow) throws {
    let encoded = try JSONValueEncoder.encode(row)
    for indent in [0, 2, 4, 7] {
      var sink = ByteSink(bytes: Array("before ".utf8))
      row.writeJSON(to: &sink, indent: indent)
      let bytes = sink.bytes
      let expected = Array("before ".utf8) + PreformattedJSON(encoded, indent: indent).bytes
      // As text, so a failure shows which member differs.
      #expect(
        String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
        "at indent \(indent)")
    }
  }
}
