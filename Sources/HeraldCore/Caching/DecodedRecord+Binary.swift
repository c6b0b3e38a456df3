extension DecodedRecord {
  /// The record in the build cache's byte form: everything `check` and `build` use, so a cached
  /// record stands in for parsing its file again.
  package var binary: [UInt8] {
    var writer = BinaryWriter()
    writer.write(file)
    writer.write(id) { writer, id in
      writer.write(id.text)
      writer.write(id.position)
    }
    writer.write(announcement) { writer, announcement in writer.write(announcement) }
    writer.write(diagnostics) { writer, diagnostic in writer.write(diagnostic) }
    return writer.bytes
  }

  /// Reads a record back from its byte form; its announcement is marked with `key`, the
  /// fingerprint it was kept under.
  package init(binary: UnsafeRawBufferPointer, key: Fingerprint?) throws(BinaryFormatError) {
    var reader = BinaryReader(binary)
    let file = try reader.string()
    let id = try reader.optional { (reader) throws(BinaryFormatError) in
      (text: try reader.string(), position: try reader.position())
    }
    let announcement = try reader.optional { (reader) throws(BinaryFormatError) in
      try reader.announcement(key: key)
    }
    let diagnostics = try reader.list { (reader) throws(BinaryFormatError) in
      try reader.diagnostic()
    }
    guard reader.isAtEnd else { throw BinaryFormatError() }
    self.init(file: file, id: id, announcement: announcement, diagnostics: diagnostics)
  }
}

extension BinaryWriter {
  package mutating func write(_ position: SourcePosition) {
    write(position.line)
    write(position.column)
  }

  package mutating func write(_ timestamp: Timestamp) {
    write(timestamp.seconds)
    write(Int(timestamp.nanoseconds))
  }

  package mutating func write(_ diagnostic: Diagnostic) {
    write(diagnostic.file)
    write(diagnostic.position)
    write(diagnostic.severity == .error)
    write(diagnostic.code.name)
    write(diagnostic.message)
    write(diagnostic.hint) { writer, hint in writer.write(hint) }
  }

  mutating func write(_ announcement: Announcement) {
    write(announcement.id)
    write(announcement.title)
    write(announcement.severity.rawValue)
    write(announcement.kind.rawValue)
    write(announcement.body.encoded)
    write(announcement.range.minimum?.text) { writer, text in writer.write(text) }
    write(announcement.range.maximum?.text) { writer, text in writer.write(text) }
    write(announcement.range.below?.text) { writer, text in writer.write(text) }
    write(announcement.platforms) { writer, platforms in
      writer.write(platforms) { writer, key in writer.write(key) }
    }
    write(announcement.action) { writer, action in
      switch action {
      case .store: writer.write(0)
      case .web(let url):
        writer.write(1)
        writer.write(url)
      case .deepLink(let url):
        writer.write(2)
        writer.write(url)
      case .inAppPath(let path):
        writer.write(3)
        writer.write(path)
      }
    }
    write(announcement.actionLabel) { writer, label in writer.write(label) }
    write(announcement.blocking)
    write(announcement.active)
    write(announcement.draft)
    write(announcement.publishAt)
    write(announcement.expiresAt) { writer, time in writer.write(time) }
    write(announcement.updatedAt) { writer, time in writer.write(time) }
    write(announcement.rollout) { writer, rollout in
      writer.write(rollout.salt) { writer, salt in writer.write(salt) }
      writer.write(rollout.steps) { writer, step in
        writer.write(step.after)
        writer.write(step.share)
      }
    }
    write(announcement.remindAfter) { writer, seconds in writer.write(seconds) }
    write(announcement.translations.sorted { $0.key.precedesBytewise($1.key) }) {
      writer, entry in
      writer.write(entry.key)
      writer.write(entry.value)
    }
    write(announcement.source.file)
  }

  package mutating func write(_ translation: Translation) {
    write(translation.title) { writer, title in writer.write(title) }
    write(translation.body?.encoded) { writer, body in writer.write(body) }
    write(translation.actionLabel) { writer, label in writer.write(label) }
    write(translation.file)
    write(translation.position)
  }

  mutating func write(_ block: BodyBlock) {
    switch block {
    case .paragraph(let spans):
      write(0)
      write(spans) { writer, span in writer.write(span) }
    case .bullets(let items):
      write(1)
      write(items) { writer, spans in writer.write(spans) { writer, span in writer.write(span) } }
    }
  }

  mutating func write(_ span: InlineSpan) {
    switch span {
    case .text(let text):
      write(0)
      write(text)
    case .code(let text):
      write(1)
      write(text)
    case .emphasis(let spans):
      write(2)
      write(spans) { writer, span in writer.write(span) }
    case .strong(let spans):
      write(3)
      write(spans) { writer, span in writer.write(span) }
    case .link(let destination, let spans):
      write(4)
      write(destination)
      write(spans) { writer, span in writer.write(span) }
    case .lineBreak: write(5)
    }
  }
}

extension BinaryReader {
  package mutating func position() throws(BinaryFormatError) -> SourcePosition {
    SourcePosition(line: try int(), column: try int())
  }

  package mutating func timestamp() throws(BinaryFormatError) -> Timestamp {
    let seconds = try int64()
    guard let nanoseconds = Int32(exactly: try int()), (0..<1_000_000_000).contains(nanoseconds)
    else { throw BinaryFormatError() }
    return Timestamp(seconds: seconds, nanoseconds: nanoseconds)
  }

  package mutating func diagnostic() throws(BinaryFormatError) -> Diagnostic {
    Diagnostic(
      file: try string(), position: try position(), severity: try bool() ? .error : .warning,
      code: DiagnosticCode(try string()), message: try string(),
      hint: try optional { (reader) throws(BinaryFormatError) in try reader.string() })
  }

  mutating func version() throws(BinaryFormatError) -> Version {
    guard let version = Version(try string()) else { throw BinaryFormatError() }
    return version
  }

  mutating func announcement(key: Fingerprint?) throws(BinaryFormatError) -> Announcement {
    let id = try string()
    let title = try string()
    guard let severity = Severity(rawValue: try string()), let kind = Kind(rawValue: try string())
    else { throw BinaryFormatError() }
    let body = AnnouncementBody(encoded: try byteArray())
    let minimum = try optional { (reader) throws(BinaryFormatError) in try reader.version() }
    let maximum = try optional { (reader) throws(BinaryFormatError) in try reader.version() }
    let below = try optional { (reader) throws(BinaryFormatError) in try reader.version() }
    let platforms = try optional { (reader) throws(BinaryFormatError) in
      try reader.list { (reader) throws(BinaryFormatError) in try reader.string() }
    }
    let action = try optional { (reader) throws(BinaryFormatError) -> ActionTarget in
      switch try reader.int() {
      case 0: return .store
      case 1: return .web(try reader.string())
      case 2: return .deepLink(try reader.string())
      case 3: return .inAppPath(try reader.string())
      default: throw BinaryFormatError()
      }
    }
    let actionLabel = try optional { (reader) throws(BinaryFormatError) in try reader.string() }
    let (blocking, active, draft) = (try bool(), try bool(), try bool())
    let publishAt = try timestamp()
    let expiresAt = try optional { (reader) throws(BinaryFormatError) in try reader.timestamp() }
    let updatedAt = try optional { (reader) throws(BinaryFormatError) in try reader.timestamp() }
    let rollout = try optional { (reader) throws(BinaryFormatError) in
      RolloutPlan(
        salt: try reader.optional { (reader) throws(BinaryFormatError) in try reader.string() },
        steps: try reader.list { (reader) throws(BinaryFormatError) in
          RolloutPlan.Step(after: try reader.int64(), share: try reader.int())
        })
    }
    let remindAfter = try optional { (reader) throws(BinaryFormatError) in try reader.int64() }
    var translations: [String: Translation] = [:]
    for (locale, translation) in try list({ (reader) throws(BinaryFormatError) in
      (try reader.string(), try reader.translation())
    }) {
      translations[locale] = translation
    }
    return Announcement(
      id: id, title: title, severity: severity, kind: kind,
      body: body,
      range: VersionRange(minimum: minimum, maximum: maximum, below: below), platforms: platforms,
      action: action, actionLabel: actionLabel, blocking: blocking, active: active, draft: draft,
      publishAt: publishAt, expiresAt: expiresAt, updatedAt: updatedAt, rollout: rollout,
      remindAfter: remindAfter, translations: translations,
      source: RecordSource(file: try string(), key: key))
  }

  package mutating func translation() throws(BinaryFormatError) -> Translation {
    Translation(
      title: try optional { (reader) throws(BinaryFormatError) in try reader.string() },
      body: try optional { (reader) throws(BinaryFormatError) in
        AnnouncementBody(encoded: try reader.byteArray())
      },
      actionLabel: try optional { (reader) throws(BinaryFormatError) in try reader.string() },
      file: try string(), position: try position())
  }

  mutating func block(depth: Int) throws(BinaryFormatError) -> BodyBlock {
    switch try int() {
    case 0:
      return .paragraph(
        try list { (reader) throws(BinaryFormatError) in try reader.span(depth: depth + 1) })
    case 1:
      return .bullets(
        try list { (reader) throws(BinaryFormatError) in
          try reader.list { (reader) throws(BinaryFormatError) in
            try reader.span(depth: depth + 1)
          }
        })
    default: throw BinaryFormatError()
    }
  }

  /// Reads a span; nesting is bounded as the Markdown reader bounds it, so damaged bytes cannot
  /// recurse without end.
  mutating func span(depth: Int) throws(BinaryFormatError) -> InlineSpan {
    guard depth < 64 else { throw BinaryFormatError() }
    func spans(_ reader: inout BinaryReader) throws(BinaryFormatError) -> [InlineSpan] {
      try reader.list { (reader) throws(BinaryFormatError) in try reader.span(depth: depth + 1) }
    }
    switch try int() {
    case 0: return .text(try string())
    case 1: return .code(try string())
    case 2: return .emphasis(try spans(&self))
    case 3: return .strong(try spans(&self))
    case 4:
      let destination = try string()
      return .link(destination: destination, try spans(&self))
    case 5: return .lineBreak
    default: throw BinaryFormatError()
    }
  }
}
