import Foundation

/// What an app has in hand when it decides: a manifest, or the reason it has none.
public enum ManifestFetch: Sendable, Hashable {
  /// The rows of a manifest that was received and read.
  case received([ManifestRow])
  /// The request failed (no network, a server error).
  case failed
  /// The request timed out.
  case timedOut
  /// A response came but could not be read as a manifest.
  case unreadable
  /// Nothing was fetched yet and nothing is cached.
  case emptyCache

  /// Reads a release's manifest (or a platform's `all.json`) as an app does: a document that is not
  /// a manifest is `unreadable`; a row that cannot be read is left out rather than failing the rest.
  public static func decode(_ data: Data) -> ManifestFetch {
    guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let schemaVersion = document["schemaVersion"] as? Int, schemaVersion == 1,
      let rows = document["announcements"] as? [[String: Any]]
    else { return .unreadable }
    return .received(rows.compactMap(Self.row))
  }

  private static func row(_ fields: [String: Any]) -> ManifestRow? {
    guard let id = fields["id"] as? String, let title = fields["title"] as? String,
      let severity = (fields["severity"] as? String).flatMap(Severity.init(rawValue:)),
      let kind = (fields["kind"] as? String).flatMap(Kind.init(rawValue:)),
      let published = (fields["publishedAt"] as? String).flatMap(Timestamp.init)
    else { return nil }
    let body = fields["body"] as? [String: Any]
    return ManifestRow(
      id: id, severity: severity, kind: kind, title: title,
      paragraphs: body?["paragraphs"] as? [String] ?? [],
      bullets: body?["bullets"] as? [String] ?? [],
      actionURL: fields["actionUrl"] as? String, actionLabel: fields["actionLabel"] as? String,
      blocking: fields["blocking"] as? Bool ?? false, publishedAt: published,
      expiresAt: (fields["expiresAt"] as? String).flatMap(Timestamp.init))
  }
}
