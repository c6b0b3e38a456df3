import HeraldCore
import HeraldFiles

extension BuildSnapshot {
  /// Names the format: a snapshot of another format is none.
  static let magic = "herald-snapshot-1"

  /// The snapshot in its byte form, sealed with its checksum.
  package var sealed: [UInt8] {
    var writer = BinaryWriter(capacity: 128 * records.count + 64 * files.count + 1024)
    writer.write(Self.magic)
    writer.write(inputs)
    writer.write(span.since) { writer, time in writer.write(time) }
    writer.write(span.until) { writer, time in writer.write(time) }
    writer.write(records) { writer, record in writer.write(record) }
    for list in [archive, walls, feed] {
      writer.write(list) { writer, place in writer.write(place) }
    }
    writer.write(archivePageCount)
    writer.write(pageSize)
    writer.write(files) { writer, file in
      writer.write(file.path)
      writer.write(file.fingerprint)
      switch file.role {
      case .archive(let page):
        writer.write(0)
        writer.write(page)
      case .announcement(let record):
        writer.write(1)
        writer.write(record)
      case .feed: writer.write(2)
      case .document: writer.write(3)
      case .fixed: writer.write(4)
      }
      writer.write(file.edition)
    }
    writer.write(problems) { writer, diagnostic in writer.write(diagnostic) }
    writer.write([census.live, census.scheduled, census.expired, census.inactive, census.drafts]) {
      writer, count in writer.write(count)
    }
    writer.write(census.nextChangeAt) { writer, time in writer.write(time) }
    return Checksum.sealed(writer.bytes)
  }

  /// Reads a snapshot back from its sealed bytes; nil when they are damaged, of another format,
  /// or name a place that is not there.
  package init?(sealed bytes: [UInt8]) {
    guard
      let snapshot = bytes.withUnsafeBytes({ sealed -> BuildSnapshot? in
        guard let buffer = Checksum.opened(sealed) else { return nil }
        var reader = BinaryReader(buffer)
        return try? Self.read(&reader)
      })
    else { return nil }
    self = snapshot
  }

  private static func read(_ reader: inout BinaryReader) throws(BinaryFormatError)
    -> BuildSnapshot
  {
    guard try reader.string() == magic else { throw BinaryFormatError() }
    let inputs = try reader.fingerprint()
    let span = StableSpan(
      since: try reader.optional { (reader) throws(BinaryFormatError) in try reader.timestamp() },
      until: try reader.optional { (reader) throws(BinaryFormatError) in try reader.timestamp() })
    let records = try reader.list { (reader) throws(BinaryFormatError) in try reader.record() }
    let places = { (reader: inout BinaryReader) throws(BinaryFormatError) -> [Int] in
      try reader.list { (reader) throws(BinaryFormatError) in
        let place = try reader.int()
        guard records.indices.contains(place) else { throw BinaryFormatError() }
        return place
      }
    }
    let (archive, walls, feed) = (try places(&reader), try places(&reader), try places(&reader))
    let archivePageCount = try reader.int()
    let pageSize = try reader.int()
    let files = try reader.list { (reader) throws(BinaryFormatError) in
      try reader.file(records: records.count)
    }
    let problems = try reader.list { (reader) throws(BinaryFormatError) in
      try reader.diagnostic()
    }
    let counts = try reader.list { (reader) throws(BinaryFormatError) in try reader.int() }
    let next = try reader.optional { (reader) throws(BinaryFormatError) in try reader.timestamp() }
    guard counts.count == 5, reader.isAtEnd, pageSize > 0, archivePageCount > 0 else {
      throw BinaryFormatError()
    }
    return BuildSnapshot(
      inputs: inputs, span: span, records: records, archive: archive, walls: walls, feed: feed,
      archivePageCount: archivePageCount, pageSize: pageSize, files: files, problems: problems,
      census: RecordCensus(
        live: counts[0], scheduled: counts[1], expired: counts[2], inactive: counts[3],
        drafts: counts[4], nextChangeAt: next))
  }
}

extension BinaryWriter {
  fileprivate mutating func write(_ record: BuildSnapshot.Record) {
    write(record.signature.device)
    write(record.signature.inode)
    write(record.signature.size)
    write(record.signature.modified)
    write(record.signature.changed)
    write(record.content)
    write(record.isRacy)
    write(record.key)
    write(record.placement)
    write(record.id)
    write(record.state)
    write(record.isDelivered)
    write(record.diagnostics) { writer, diagnostic in writer.write(diagnostic) }
  }
}

extension BinaryReader {
  fileprivate mutating func record() throws(BinaryFormatError) -> BuildSnapshot.Record {
    BuildSnapshot.Record(
      signature: FileSignature(
        device: try uint64(), inode: try uint64(), size: try int64(), modified: try int64(),
        changed: try int64()),
      content: try fingerprint(), isRacy: try bool(), key: try fingerprint(),
      placement: try fingerprint(), id: try string(), state: try uint64(),
      isDelivered: try bool(),
      diagnostics: try list { (reader) throws(BinaryFormatError) in try reader.diagnostic() })
  }

  fileprivate mutating func file(records: Int) throws(BinaryFormatError) -> BuildSnapshot.File {
    let path = try string()
    // A path that would leave the output (a damaged or hostile snapshot) makes it unusable.
    guard !path.isEmpty, !path.hasPrefix("/"), !path.climbsUp else { throw BinaryFormatError() }
    let fingerprint = try fingerprint()
    let role: BuildSnapshot.Role
    switch try int() {
    case 0: role = .archive(page: try int())
    case 1:
      let record = try int()
      guard record >= 0 && record < records else { throw BinaryFormatError() }
      role = .announcement(record: record)
    case 2: role = .feed
    case 3: role = .document
    case 4: role = .fixed
    default: throw BinaryFormatError()
    }
    return BuildSnapshot.File(path: path, fingerprint: fingerprint, role: role, edition: try int())
  }
}
