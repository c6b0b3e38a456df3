/// Types one record's fields and applies every rule of DESIGN §2 that one record and the site's
/// configuration decide (all but the duplicate-id rule, which needs the whole site).
package struct AnnouncementDecoder: Sendable {
  /// The terms of herald.yaml records are read in the light of, or nil when herald.yaml could not
  /// be read (platform rules are then skipped rather than reported against every record).
  package let terms: RecordTerms?

  /// Titles longer than this get a warning: they are cut off in a strip.
  package static let titleWarningLength = 80

  /// Makes a decoder for records of a site.
  package init(config: SiteConfig?) { terms = config?.recordTerms }

  /// Makes a decoder for records read under the given terms.
  package init(terms: RecordTerms?) { self.terms = terms }

  /// The slug rule for ids.
  package static func isValidID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard (1...64).contains(bytes.count) else { return false }
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    guard let first = bytes.first, let last = bytes.last, isAlphanumeric(first),
      isAlphanumeric(last)
    else { return false }
    return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
  }

  /// Types a record's fields; `body` is the body the loader already read (from the Markdown after
  /// the front matter, or from the `body` field), `start` is where the record's fields begin, and
  /// `reader` may carry the problems the loader already found in the file (they count as the
  /// record's own).
  package func decode(
    file: String, entries: [SourceEntry], body: AnnouncementBody, start: SourcePosition = .start,
    reader initial: FieldReader? = nil, translationBody: TranslationBodyReader? = nil
  ) -> DecodedRecord {
    var reader = initial ?? FieldReader(file: file)
    let fields = reader.knownFields(
      entries, as: AnnouncementField.self, context: "the record",
      unknownHint: "A misspelt targeting field would target everyone.")
    func node(_ field: AnnouncementField) -> SourceNode? { fields[field]?.value }
    func keyPosition(_ field: AnnouncementField) -> SourcePosition {
      fields[field]?.keyPosition ?? start
    }

    for field in AnnouncementField.required where fields[field] == nil {
      reader.error(
        .missingField, at: start, "the record has no \"\(field.rawValue)\"",
        hint: Self.missingHint(field))
    }

    let id = node(.id).flatMap { decodeID($0, reader: &reader) }
    let title = node(.title).flatMap { decodeTitle($0, reader: &reader) }
    let severity: Severity? = node(.severity).flatMap {
      enumeration($0, field: "severity", code: .invalidSeverity, reader: &reader)
    }
    let kind: Kind? = node(.kind).flatMap {
      enumeration($0, field: "kind", code: .invalidKind, reader: &reader)
    }
    let range = decodeRange(node, reader: &reader)
    let platforms = node(.platforms).flatMap { decodePlatforms($0, reader: &reader) }
    let (action, actionLabel) = decodeAction(node, reader: &reader)
    let blocking = node(.blocking).flatMap { reader.boolean($0, field: "blocking") } ?? false
    let active = node(.active).flatMap { reader.boolean($0, field: "active") } ?? true
    let draft = node(.draft).flatMap { reader.boolean($0, field: "draft") } ?? false
    let confirmation = node(.confirmBlocking).flatMap {
      reader.text($0, field: "confirmBlocking")
    }
    if !draft {
      checkPlaceholders(
        title: title, at: node(.title)?.position ?? start, body: body, start: start,
        reader: &reader)
    }
    let times = decodeTimes(node, reader: &reader)
    let rollout = node(.rollout).flatMap {
      decodeRollout($0, publishAt: times.publishAt, reader: &reader)
    }
    let remindAfter = node(.remindAfter).flatMap { decodeRemindAfter($0, reader: &reader) }
    checkBlocking(
      blocking, id: id?.text, severity: severity, action: action, confirmation: confirmation,
      range: range, platforms: platforms, node, at: keyPosition(.blocking), reader: &reader)
    if let terms {
      checkAgainstTerms(
        terms, action: action, range: range, platforms: platforms, node, start: start,
        reader: &reader)
    }
    let translations = node(.translations).map {
      decodeTranslations($0, file: file, bodyReader: translationBody, reader: &reader)
    }
    let (publishAt, expiresAt, updatedAt) = (times.publishAt, times.expiresAt, times.updatedAt)

    let hasErrors = reader.diagnostics.contains { $0.severity == .error }
    guard !hasErrors, let id, let title, let severity, let kind, let publishAt else {
      return DecodedRecord(
        file: file, id: id, announcement: nil, diagnostics: reader.diagnostics)
    }
    let announcement = Announcement(
      id: id.text, title: title, severity: severity, kind: kind, body: body, range: range,
      platforms: platforms, action: action, actionLabel: actionLabel, blocking: blocking,
      active: active, draft: draft, publishAt: publishAt, expiresAt: expiresAt,
      updatedAt: updatedAt, rollout: rollout, remindAfter: remindAfter,
      translations: translations ?? [:], source: RecordSource(file: file))
    return DecodedRecord(
      file: file, id: id, announcement: announcement, diagnostics: reader.diagnostics)
  }

  /// Warns about a title or body that is still a placeholder herald wrote: users would read it
  /// (a draft is left alone: it reaches no one).
  private func checkPlaceholders(
    title: String?, at titlePosition: SourcePosition, body: AnnouncementBody,
    start: SourcePosition, reader: inout FieldReader
  ) {
    if title == PlaceholderText.newTitle {
      reader.warning(
        .placeholderText, at: titlePosition,
        "the title is still herald new's placeholder, and users would read it",
        hint: "write the headline users see, or keep draft: true until it is ready")
    }
    if PlaceholderText.isPlaceholder(body) {
      reader.warning(
        .placeholderText, at: start,
        "the body is still the placeholder herald wrote, and users would read it",
        hint: "say what changed in your own words, or keep draft: true until it is ready")
    }
  }

  /// The wall rules: CRITICAL only, an exit, the typed confirmation, an upper bound, and never the
  /// current release of a platform it reaches.
  func checkWall(
    id: String?, severity: Severity?, action: ActionTarget?, confirmation: String?,
    range: VersionRange, platforms: [String]?, at position: SourcePosition,
    confirmationNode: SourceNode?, reader: inout FieldReader
  ) {
    if let severity, severity != .critical {
      reader.error(
        .blockingNotCritical, at: position,
        "blocking is true, but the severity is \(severity.rawValue)",
        hint: "only CRITICAL records may block: remove blocking, or make the record CRITICAL")
    }
    if action == nil {
      reader.error(
        .blockingWithoutAction, at: position, "a blocking record needs an actionUrl",
        hint: "a wall with no exit locks users out; add actionUrl: store")
    }
    if let id {
      if let confirmation {
        if confirmation != id {
          reader.error(
            .blockingUnconfirmed, at: confirmationNode?.position ?? position,
            "confirmBlocking \"\(confirmation)\" does not match the id \"\(id)\"",
            hint: "type the record's id, confirmBlocking: \(id), to confirm the wall")
        }
      } else {
        reader.error(
          .blockingUnconfirmed, at: position, "a blocking record needs confirmBlocking",
          hint: "add confirmBlocking: \(id) to confirm that this wall is meant")
      }
    }
    guard range.isBoundedAbove else {
      reader.error(
        .blockingWithoutMaxVersion, at: position,
        "a blocking record needs a belowVersion or a maxVersion",
        hint: "without an upper bound the wall also walls every future release; belowVersion:"
          + " <the release to update to> walls every version before it, hotfixes included")
      return
    }
    let bound =
      range.below.map { "belowVersion (now \($0))" } ?? range.maximum.map {
        "maxVersion (now \($0))"
      } ?? ""
    guard let terms, range.isOrdered else { return }
    for platform in terms.platforms(reachedBy: platforms) {
      guard let current = platform.currentRelease else {
        reader.error(
          .wallWithoutReleases, at: position,
          "the wall reaches \(platform.key), whose releases herald.yaml does not list",
          hint: "list platforms.\(platform.key).releases (the highest is the current release),"
            + " or leave \(platform.key) out of the record's platforms")
        continue
      }
      // Reaching the current release, or anything above it, walls the update the wall asks for.
      let reachesAbove =
        (range.maximum.map { $0 >= current } ?? false)
        || (range.below.map { $0 > current } ?? false)
      guard reachesAbove else { continue }
      let fix =
        range.below == nil ? "lower it below \(current)" : "lower it to \(current) at most"
      if range.contains(current) {
        reader.error(
          .wallCoversCurrentRelease, at: position,
          "the wall reaches \(platform.key) \(current), the current release",
          hint: "the update it asks for would be walled too; lower \(bound)"
            + (range.below == nil ? " below \(current)" : " to \(current) at most"))
      } else {
        reader.error(
          .wallCoversCurrentRelease, at: position,
          "the wall covers \(range) on \(platform.key), above the current release \(current):"
            + " it walls releases to come",
          hint: "a wall's upper bound must not pass the current release; \(fix)")
      }
    }
  }

  /// Reads the platforms list: each must be configured, none twice, and the list not empty.
  private func decodePlatforms(_ node: SourceNode, reader: inout FieldReader) -> [String]? {
    let configured = terms?.platforms.map(\.key) ?? []
    guard let items = reader.textList(node, field: "platforms", example: configured.first ?? "ios")
    else { return nil }
    guard !items.isEmpty else {
      reader.error(
        .invalidPlatforms, at: node.position, "the platforms list is empty",
        hint: "remove the field to reach every configured platform")
      return nil
    }
    var keys: [String] = []
    var valid = true
    for item in items {
      if keys.contains(item.text) {
        reader.error(
          .invalidPlatforms, at: item.position, "platform \"\(item.text)\" is listed twice")
        valid = false
      } else if terms != nil, !configured.contains(item.text) {
        let suggestion = NearestName.suggestion(for: item.text, among: configured)
        reader.error(
          .unknownPlatform, at: item.position,
          "platform \"\(item.text)\" is not configured in herald.yaml",
          hint: suggestion.map { "did you mean \"\($0)\"?" }
            ?? "configured platforms: " + configured.joined(separator: ", "))
        valid = false
      }
      keys.append(item.text)
    }
    return valid ? keys.sorted() : nil
  }

  /// Reads an exact enumeration value, suggesting the intended one for a near miss.
  private func enumeration<Value: RawRepresentable & CaseIterable>(
    _ node: SourceNode, field: String, code: DiagnosticCode, reader: inout FieldReader
  ) -> Value? where Value.RawValue == String {
    guard let text = reader.text(node, field: field) else { return nil }
    if let value = Value(rawValue: text) { return value }
    let names = Value.allCases.map(\.rawValue)
    let suggestion = NearestName.suggestion(for: text, among: names)
    reader.error(
      code, at: node.position,
      "\(field) \"\(text)\" is not one of \(names.joined(separator: ", "))",
      hint: suggestion.map { "did you mean \($0)? The spelling is exact." })
    return nil
  }

  private static func missingHint(_ field: AnnouncementField) -> String {
    switch field {
    case .id: return "add id: a-slug-like-this; it never changes once published"
    case .title: return "add title: followed by the headline users see"
    case .severity: return "add severity: INFO, IMPORTANT or CRITICAL"
    case .kind: return "add kind: WHATS_NEW, UPDATE_AVAILABLE or NOTICE"
    case .publishAt: return "add publishAt: with the date it goes live, such as 2026-03-01"
    default: return "add \(field.rawValue)"
    }
  }
}

extension String {
  /// The text without leading and trailing white space (Unicode's definition).
  package func trimmingWhitespace() -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII
        ? scalar == " " || ("\t"..."\r").contains(scalar) : scalar.properties.isWhitespace
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex {
      return self
    }
    return String(scalars[first...last])
  }
}
