import HeraldCore

extension SiteComparison {
  /// The comparison as a pull-request comment: a summary table, the risky changes, what each
  /// release shows, then the added, removed and edited records.
  var markdown: String {
    var lines = ["### herald diff: what this change does to users", ""]
    if isNewChannel {
      lines += [
        "**A new channel.** The base has no site yet: this is everything the channel will show"
          + " once this change is merged.", "",
      ]
    }
    guard hasChanges else {
      lines.append("No change: every release shows users the same announcements as before.")
      return lines.joined(separator: "\n") + "\n"
    }
    lines += [
      "| Change | Count |", "|---|---:|",
      "| ⚠️ Risky | \(risks.count) |",
      "| Releases whose interruption changes | \(releases.count) |",
      "| Added | \(added.count) |",
      "| Removed | \(removed.count) |",
      "| Renamed | \(renamed.count) |",
      "| Edited | \(edited.count) |",
    ]
    if !risks.isEmpty {
      lines += ["", "#### ⚠️ Risky changes", ""]
      for risk in risks {
        lines.append("- **\(Self.riskTitle(risk.code))** `\(risk.id)`: \(Self.escape(risk.detail))")
      }
    }
    if !releases.isEmpty {
      lines += [
        "", "#### What each release shows a new user at \(now)", "",
        "| Platform | Release | Before | After |", "|---|---|---|---|",
      ]
      for change in releases {
        lines.append(
          "| \(change.platform) | \(change.version) | "
            + Self.cell(change.before, hasManifest: change.hadManifest) + " | "
            + Self.cell(change.after, hasManifest: change.hasManifest, emphasise: true) + " |")
      }
    }
    if !added.isEmpty {
      lines += ["", "#### Added", ""]
      lines += added.map { "- `\($0.id)` \(Self.summary($0))" }
    }
    if !removed.isEmpty {
      lines += ["", "#### Removed", ""]
      lines += removed.map { "- `\($0.id)` \(Self.summary($0))" }
    }
    if !renamed.isEmpty {
      lines += ["", "#### Renamed", ""]
      lines += renamed.map { "- `\($0.from.id)` → `\($0.to.id)` \(Self.summary($0.to))" }
    }
    if !edited.isEmpty {
      lines += ["", "#### Edited", ""]
      for edit in edited {
        let changes = edit.changes.map { change -> String in
          change.field == "body"
            ? "body changed"
            : "\(change.field) \(Self.value(change.before)) → \(Self.value(change.after))"
        }
        lines.append("- `\(edit.announcement.id)`: " + changes.joined(separator: "; "))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func riskTitle(_ code: String) -> String {
    switch code {
    case "new-wall": return "New wall"
    case "wider-wall": return "Wider wall"
    case "wall-words-changed": return "Wall's words changed"
    case "severity-raised": return "Severity raised"
    case "switched-off": return "Switched off"
    case "switched-on": return "Switched on"
    case "id-changed": return "Id changed"
    case "rollout-started": return "Rollout started"
    case "rollout-widened": return "Rollout widened"
    case "rollout-narrowed": return "Rollout narrowed"
    case "rollout-removed": return "Rollout removed"
    case "rollout-changed": return "Rollout changed"
    default: return "Removed"
    }
  }

  private static func cell(
    _ interruption: Interruption?, hasManifest: Bool, emphasise: Bool = false
  )
    -> String
  {
    guard hasManifest else { return "no manifest" }
    guard let interruption else { return "nothing" }
    let shape = emphasise && interruption.shape == "wall" ? "**wall**" : interruption.shape
    return "\(shape) `\(interruption.row.id)`"
  }

  private static func summary(_ announcement: Announcement) -> String {
    "(\(announcement.severity.rawValue) \(announcement.kind.rawValue)"
      + (announcement.draft ? ", draft" : "") + ", \(escape(announcement.source.file))): "
      + "\"\(escape(announcement.title))\""
  }

  private static func value(_ text: String) -> String {
    text.isEmpty ? "(none)" : "`\(text.visibleControls.replacingOccurrences("`", "'"))`"
  }

  /// Escapes the characters Markdown would read as formatting or a table cell's end; line breaks
  /// of every kind are made visible first, so a value can never start a line of the comment (or
  /// of a CI log, where a line starting `::` is a command).
  ///
  /// A title is the author's text in a comment GitHub posts as the workflow: an `@user` or
  /// `@org/team` in it would notify them, a bare URL would become a link, and `~~` strike text
  /// through. A zero-width space (`&#8203;`, invisible) after every `@`, inside every `://` and
  /// after `www.` keeps them text; `~` and `&` are escaped.
  static func escape(_ text: String) -> String {
    let characters = Array(text.visibleControls)
    var result = ""
    for (index, character) in characters.enumerated() {
      if "\\`*_[]<>|#~&".contains(character) { result.append("\\") }
      result.append(character)
      if character == "@" || (character == ":" && Self.spells("//", in: characters, at: index + 1))
        || (character == "." && index >= 3 && Self.spells("www", in: characters, at: index - 3)
          && (index == 3 || !characters[index - 4].isLetter))
      {
        result += "&#8203;"
      }
    }
    return result
  }

  /// Whether the characters from `start` on spell `word`, without regard to case.
  private static func spells(_ word: String, in characters: [Character], at start: Int) -> Bool {
    let end = start + word.count
    guard start >= 0, end <= characters.count else { return false }
    return String(characters[start..<end]).lowercased() == word
  }
}
