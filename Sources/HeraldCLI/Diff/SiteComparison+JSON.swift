import HeraldCore

extension SiteComparison {
  /// The comparison for bots: a stable document with sorted keys.
  var json: JSONValue {
    func record(_ announcement: Announcement) -> JSONValue {
      .object([
        "id": .string(announcement.id), "title": .string(announcement.title),
        "severity": .string(announcement.severity.rawValue),
        "kind": .string(announcement.kind.rawValue), "file": .string(announcement.source.file),
      ])
    }
    func interruption(_ value: Interruption?, _ exists: Bool) -> JSONValue {
      guard exists else { return .string("no-manifest") }
      return value.map { .object(["shape": .string($0.shape), "id": .string($0.row.id)]) } ?? .null
    }
    var document: [String: JSONValue] = [
      "changed": .bool(hasChanges),
      "now": .string(now.rfc3339),
      "risky": .array(
        risks.map {
          .object(["code": .string($0.code), "id": .string($0.id), "detail": .string($0.detail)])
        }),
      "releases": .array(
        releases.map {
          .object([
            "platform": .string($0.platform), "version": .string($0.version.text),
            "before": interruption($0.before, $0.hadManifest),
            "after": interruption($0.after, $0.hasManifest),
          ])
        }),
      "added": .array(added.map(record)),
      "removed": .array(removed.map(record)),
      "renamed": .array(
        renamed.map { .object(["from": .string($0.from.id), "to": record($0.to)]) }),
      "edited": .array(
        edited.map { edit in
          .object([
            "id": .string(edit.announcement.id),
            "changes": .array(
              edit.changes.map {
                .object([
                  "field": .string($0.field), "before": .string($0.before),
                  "after": .string($0.after),
                ])
              }),
          ])
        }),
    ]
    if isNewChannel { document["newChannel"] = .bool(true) }
    return .object(document)
  }
}
