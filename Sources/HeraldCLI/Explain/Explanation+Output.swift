import HeraldClient
import HeraldCore

extension Explanation {
  /// The answer for a reader.
  var text: String {
    var lines: [String] = []
    let who = seen.isEmpty ? "nothing seen" : "seen: " + seen.sorted().joined(separator: ", ")
    let account = accountCreatedAt.map { ", account created \($0)" } ?? ""
    lines.append("\(platform) \(version) at \(now) (\(who)\(account)), from \(origin)")
    for note in [localeNote, readNote, failureNote].compactMap({ $0 }) { lines.append(note) }
    lines.append("")
    if let shown = run.decision.shown {
      lines.append("shows:   \(shown.shape) \(shown.row.id) \"\(shown.row.title.visibleControls)\"")
    } else {
      lines.append("shows:   nothing")
    }
    lines.append("badge:   \(run.decision.badge)")
    lines.append(
      "archive: \(DiagnosticSummary.count(run.decision.archive.count, "announcement"))")
    lines.append("")
    let width = records.map(\.id.count).max() ?? 0
    for record in records {
      lines.append(
        "  \(record.id)" + String(repeating: " ", count: width - record.id.count + 2)
          + record.outcome.explanation)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The answer for scripts: a stable document with sorted keys.
  var json: JSONValue {
    let decision = run.decision
    func id(_ row: ManifestRow?) -> JSONValue { .optional(row?.id) }
    return .object([
      "platform": .string(platform),
      "version": .string(version.text),
      "now": .string(now.rfc3339),
      "seen": .array(seen.sorted().map(JSONValue.string)),
      "accountCreatedAt": .optional(accountCreatedAt?.rfc3339),
      "configuredRelease": .bool(run.state.manifest == .release),
      "manifest": .optional(run.state.manifest?.rawValue),
      "fetch": run.state.freshness.json,
      "shown": decision.shown.map {
        .object(["shape": .string($0.shape), "id": .string($0.row.id)])
      } ?? .null,
      "wall": id(decision.wall), "takeover": id(decision.takeover),
      "dialog": id(decision.dialog), "strip": id(decision.strip),
      "badge": .integer(decision.badge),
      "archive": .array(decision.archive.map { .string($0.id) }),
      "locale": .optional(run.state.locale),
      "announcements": .array(
        records.map { record in
          .object([
            "id": .string(record.id),
            "inManifest": .bool(record.outcome.isDelivered),
            "outcome": .string(record.outcome.code),
            "reason": .string(record.outcome.explanation),
          ])
        }),
    ])
  }
}

extension HeraldState.Freshness {
  /// `{"state": "fresh"}`, or the state and the failure's code and words.
  var json: JSONValue {
    switch self {
    case .fresh: return .object(["state": .string("fresh")])
    case .cached(let failure):
      return .object([
        "state": .string("cached"), "failure": .string(failure.code),
        "reason": .string(failure.description),
      ])
    case .unavailable(let failure):
      return .object([
        "state": .string("unavailable"), "failure": .string(failure.code),
        "reason": .string(failure.description),
      ])
    }
  }
}
