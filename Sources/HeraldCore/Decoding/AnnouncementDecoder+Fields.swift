/// The decoder's field groups, each a function of its own, called by `decode` in the order the
/// record's problems are reported.
extension AnnouncementDecoder {
  /// The id, when it is a slug, with where it stands.
  func decodeID(_ node: SourceNode, reader: inout FieldReader)
    -> (text: String, position: SourcePosition)?
  {
    guard let text = reader.text(node, field: "id") else { return nil }
    if Self.isValidID(text) { return (text, node.position) }
    let lowered = text.lowercased()
    reader.error(
      .invalidID, at: node.position, "id \"\(text)\" is not a slug",
      hint: Self.isValidID(lowered)
        ? "ids are lowercase: write \(lowered)"
        : "use 1 to 64 lowercase letters, digits and inner hyphens, such as dark-mode-2")
    return nil
  }

  /// The title, trimmed; an empty one is an error and a long one a warning.
  func decodeTitle(_ node: SourceNode, reader: inout FieldReader) -> String? {
    guard let text = reader.text(node, field: "title") else { return nil }
    let trimmed = text.trimmingWhitespace()
    if trimmed.isEmpty {
      reader.error(.emptyTitle, at: node.position, "the title is empty")
      return nil
    }
    if trimmed.count > Self.titleWarningLength {
      reader.warning(
        .longTitle, at: node.position,
        "the title has \(trimmed.count) characters, over \(Self.titleWarningLength)",
        hint: "a strip or a dialog cuts long titles off; put the detail in the body")
    }
    return trimmed
  }

  /// The action (`actionUrl`, read with the configured deep-link schemes) and its label.
  func decodeAction(_ node: (AnnouncementField) -> SourceNode?, reader: inout FieldReader)
    -> (action: ActionTarget?, label: String?)
  {
    var action: ActionTarget?
    if let actionNode = node(.actionUrl), let text = reader.text(actionNode, field: "actionUrl") {
      do {
        action = try ActionTarget(parsing: text, deepLinkSchemes: terms?.deepLinkSchemes ?? [])
      } catch {
        reader.error(.invalidActionURL, at: actionNode.position, error.message, hint: error.hint)
      }
    }
    var label: String?
    if let labelNode = node(.actionLabel), let text = reader.text(labelNode, field: "actionLabel") {
      label = text.trimmingWhitespace()
      if label?.isEmpty ?? true {
        reader.error(
          .emptyValue, at: labelNode.position, "actionLabel is empty",
          hint: "remove it to get the default label for the kind")
      }
    }
    return (action, label)
  }

  /// `publishAt`, `expiresAt` and `updatedAt`, and the rules between them.
  func decodeTimes(_ node: (AnnouncementField) -> SourceNode?, reader: inout FieldReader)
    -> (publishAt: Timestamp?, expiresAt: Timestamp?, updatedAt: Timestamp?)
  {
    let publishAt = node(.publishAt).flatMap { reader.timestamp($0, field: "publishAt") }
    let expiresAt = node(.expiresAt).flatMap { reader.timestamp($0, field: "expiresAt") }
    let updatedAt = node(.updatedAt).flatMap { reader.timestamp($0, field: "updatedAt") }
    if let publishAt, let expiresAt, let expiresNode = node(.expiresAt) {
      if expiresAt < publishAt {
        reader.error(
          .expiresBeforePublish, at: expiresNode.position,
          "expiresAt \(expiresAt) is before publishAt \(publishAt)",
          hint: "a record must be published before it can expire")
      } else if expiresAt == publishAt {
        reader.warning(
          .expiresAtPublish, at: expiresNode.position,
          "expiresAt is the same instant as publishAt (\(publishAt)): the record is never live",
          hint: "a date means 00:00 UTC; give expiresAt a later day or a time")
      }
    }
    if let publishAt, let updatedAt, updatedAt < publishAt, let updatedNode = node(.updatedAt) {
      reader.error(
        .updatedBeforePublish, at: updatedNode.position,
        "updatedAt \(updatedAt) is before publishAt \(publishAt)")
    }
    return (publishAt, expiresAt, updatedAt)
  }

  /// `remindAfter` in seconds, within the limits every reader keeps (`ManifestRow.remindAfterRange`).
  func decodeRemindAfter(_ node: SourceNode, reader: inout FieldReader) -> Int64? {
    guard let seconds = Self.duration(node, field: "remindAfter", reader: &reader) else {
      return nil
    }
    guard ManifestRow.remindAfterRange.contains(Int(seconds)) else {
      reader.error(
        .remindOutOfRange, at: node.position,
        seconds < ClientLimits.minimumRemindAfter
          ? "remindAfter \(Self.durationText(seconds)) is under an hour: the message would come"
            + " back as soon as it is closed"
          : "remindAfter \(Self.durationText(seconds)) is over 3650 days, the longest apps read",
        hint: "give a duration from 1h to 3650d, such as 7d; without remindAfter a closed"
          + " message stays closed")
      return nil
    }
    return seconds
  }

  /// What herald.yaml's terms decide of a record: a store action needs every platform it reaches
  /// to have a store, and a range that matches no configured release is worth a warning.
  func checkAgainstTerms(
    _ terms: RecordTerms, action: ActionTarget?, range: VersionRange, platforms: [String]?,
    _ node: (AnnouncementField) -> SourceNode?, start: SourcePosition, reader: inout FieldReader
  ) {
    let reached = terms.platforms(reachedBy: platforms)
    if action == .store, let actionNode = node(.actionUrl) {
      for platform in reached where platform.store == nil {
        reader.error(
          .storeNotConfigured, at: actionNode.position,
          "actionUrl is store, but platform \"\(platform.key)\" has no store URL",
          hint: "add platforms.\(platform.key).store to herald.yaml")
      }
    }
    let withReleases = reached.filter { !$0.releases.isEmpty }
    guard range != .unbounded, range.isOrdered, !withReleases.isEmpty,
      !withReleases.contains(where: { $0.releases.contains(where: range.contains) })
    else { return }
    let releases = withReleases.map { platform in
      "\(platform.key) " + platform.sortedReleases.map(\.text).joined(separator: ", ")
    }
    reader.warning(
      .rangeMatchesNoRelease,
      at: node(.minVersion)?.position ?? node(.maxVersion)?.position
        ?? node(.belowVersion)?.position ?? start,
      "the range \(range) matches no configured release",
      hint: "configured: " + releases.joined(separator: "; "))
  }

  /// What `blocking` asks of a record: a wall needs its confirmation, an action and a bounded
  /// range, and never reminds; a confirmation without a wall is stale.
  func checkBlocking(
    _ blocking: Bool, id: String?, severity: Severity?, action: ActionTarget?,
    confirmation: String?, range: VersionRange, platforms: [String]?,
    _ node: (AnnouncementField) -> SourceNode?, at position: SourcePosition,
    reader: inout FieldReader
  ) {
    if blocking, let remindNode = node(.remindAfter) {
      reader.error(
        .remindOnWall, at: remindNode.position,
        "remindAfter is set on a wall, which is never marked seen and so never reminds",
        hint: "remove remindAfter: a wall stays until the user updates")
    }
    if blocking {
      checkWall(
        id: id, severity: severity, action: action, confirmation: confirmation, range: range,
        platforms: platforms, at: position, confirmationNode: node(.confirmBlocking),
        reader: &reader)
      checkWallGap(range, platforms: platforms, at: node(.maxVersion), reader: &reader)
    } else if let confirmNode = node(.confirmBlocking) {
      reader.error(
        .confirmWithoutBlocking, at: confirmNode.position,
        "confirmBlocking is set but the record does not block",
        hint: "remove it: a stale confirmation would approve a wall added later without a retype")
    }
  }
}
