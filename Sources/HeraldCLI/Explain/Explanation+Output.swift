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
    if !rollouts.isEmpty {
      lines.append("")
      lines.append(
        user.map { "rollouts, for user \($0):" }
          ?? (audience == .outside
            ? "rollouts (--outside-rollouts: decided as for a user outside every share below 100%):"
            : "rollouts (no --user: decided as for a user inside every share above 0%):"))
      for (id, rollout) in rollouts {
        lines.append(
          "  \(id)" + String(repeating: " ", count: max(width - id.count, 0) + 2)
            + rolloutLine(rollout))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A rollout's share now and later, and where the user's bucket puts them.
  private func rolloutLine(_ rollout: Rollout) -> String {
    let share = rollout.share(at: now)
    var parts = ["\(RolloutShare.text(share)) now"]
    for step in rollout.steps where step.at > now {
      parts.append("\(RolloutShare.text(step.share)) from \(step.at)")
    }
    guard let user else { return parts.joined(separator: ", ") }
    let bucket = RolloutBucket.of(salt: rollout.salt, stableID: user)
    let reached = bucket < share ? "reached now" : "not reached now"
    let when = rollout.steps.first { bucket < $0.share && $0.at > now }.map {
      ", reached from \($0.at)"
    }
    return parts.joined(separator: ", ") + "; bucket \(bucket): \(reached)"
      + (bucket < share ? "" : when ?? "")
  }

  /// A rollout for scripts: the share now, the steps, and the user's bucket when one is named.
  private func rolloutJSON(_ rollout: Rollout) -> JSONValue {
    let bucket = user.map { RolloutBucket.of(salt: rollout.salt, stableID: $0) }
    return .object([
      "salt": .string(rollout.salt),
      "shareNow": .integer(rollout.share(at: now)),
      "steps": .array(
        rollout.steps.map {
          .object(["at": .string($0.at.rfc3339), "share": .integer($0.share)])
        }),
      "bucket": bucket.map { .integer($0) } ?? .null,
      // The decision's own rule, so the field never says reached where the outcome says not.
      "reached": .bool(rollout.reaches(audience, at: now)),
    ])
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
      "user": .optional(user),
      "announcements": .array(
        records.map { record in
          var fields: [String: JSONValue] = [
            "id": .string(record.id),
            "inManifest": .bool(record.outcome.isDelivered),
            "outcome": .string(record.outcome.code),
            "reason": .string(record.outcome.explanation),
          ]
          if let rollout = rollouts.first(where: { $0.id == record.id })?.rollout {
            fields["rollout"] = rolloutJSON(rollout)
          }
          return .object(fields)
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
        "state": .string("cached"), "failure": .string(failure.reason.rawValue),
        "reason": .string(failure.description),
      ])
    case .unavailable(let failure):
      return .object([
        "state": .string("unavailable"), "failure": .string(failure.reason.rawValue),
        "reason": .string(failure.description),
      ])
    }
  }
}
