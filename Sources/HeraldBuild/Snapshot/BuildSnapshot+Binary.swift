import HeraldCore
import HeraldFiles

extension BuildSnapshot {
  /// Names the format: a snapshot of another format is none.
  static let magic = "herald-snapshot-4"

  /// The snapshot in its byte form, sealed with its checksum.
  package var sealed: [UInt8] { Self.seal(body, mapChecksum: mapChecksum) }

  /// The snapshot's byte form but the output map's checksum, which a build knows only once its
  /// files are in place: made meanwhile, then sealed with it (`seal`).
  package var body: Body {
    var writer = BinaryWriter(capacity: 128 * records.count + 64 * files.count + 1024)
    writer.write(Self.magic)
    writer.write(inputs)
    writer.write(folder.path)
    writer.write(folder.signature) { writer, signature in writer.write(signature) }
    writer.write(folder.isRacy)
    writer.write(folder.listing)
    writer.write(names.bytes)
    writer.write(span.since) { writer, time in writer.write(time) }
    writer.write(span.until) { writer, time in writer.write(time) }
    writer.write(UInt64(records.count))
    for record in records { writer.write(record) }
    writer.write(ids.bytes)
    writer.write(diagnostics.keys.sorted()) { writer, place in
      writer.write(place)
      writer.write(diagnostics[place] ?? []) { writer, diagnostic in writer.write(diagnostic) }
    }
    for list in [archive, walls, feed] {
      writer.write(UInt64(list.count))
      for place in list { writer.write(place) }
    }
    writer.write(archivePageCount)
    writer.write(pageSize)
    // A loop of its own, not the generic list writer, which is not specialized across modules.
    writer.write(UInt64(files.count))
    for file in files {
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
    return Body(writer)
  }

  /// A snapshot's byte form with the output map's checksum after it, sealed with its own.
  package static func seal(_ body: consuming Body, mapChecksum: UInt64?) -> [UInt8] {
    body.sealed(mapChecksum: mapChecksum) { Array($0) }
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
    let folder = Folder(
      path: try reader.string(),
      signature: try reader.optional { (reader) throws(BinaryFormatError) in
        try reader.signature()
      }, isRacy: try reader.bool(), listing: try reader.fingerprint())
    guard let names = NameTable(bytes: try reader.byteArray()) else { throw BinaryFormatError() }
    let span = StableSpan(
      since: try reader.optional { (reader) throws(BinaryFormatError) in try reader.timestamp() },
      until: try reader.optional { (reader) throws(BinaryFormatError) in try reader.timestamp() })
    let records = try reader.records()
    guard let ids = NameTable(bytes: try reader.byteArray()) else { throw BinaryFormatError() }
    var diagnostics: [Int: [Diagnostic]] = [:]
    for _ in 0..<(try reader.count()) {
      let place = try reader.int()
      guard records.indices.contains(place) else { throw BinaryFormatError() }
      diagnostics[place] = try reader.list { (reader) throws(BinaryFormatError) in
        try reader.diagnostic()
      }
    }
    guard ids.count == records.count, names.count == records.count else {
      throw BinaryFormatError()
    }
    let places = { (reader: inout BinaryReader) throws(BinaryFormatError) -> [Int] in
      let count = try reader.count()
      var places: [Int] = []
      places.reserveCapacity(count)
      for _ in 0..<count {
        let place = try reader.int()
        guard records.indices.contains(place) else { throw BinaryFormatError() }
        places.append(place)
      }
      return places
    }
    let (archive, walls, feed) = (try places(&reader), try places(&reader), try places(&reader))
    let archivePageCount = try reader.int()
    let pageSize = try reader.int()
    // A loop of its own rather than the generic `list`, which is not specialized across
    // modules: through it, the files took two thousand instructions each.
    let count = try reader.count()
    var files: [File] = []
    files.reserveCapacity(count)
    for _ in 0..<count { files.append(try reader.file(records: records.count)) }
    let problems = try reader.list { (reader) throws(BinaryFormatError) in
      try reader.diagnostic()
    }
    let counts = try reader.list { (reader) throws(BinaryFormatError) in try reader.int() }
    let next = try reader.optional { (reader) throws(BinaryFormatError) in try reader.timestamp() }
    let mapChecksum = try reader.optional { (reader) throws(BinaryFormatError) in
      try reader.word()
    }
    guard counts.count == 5, reader.isAtEnd, pageSize > 0, archivePageCount > 0 else {
      throw BinaryFormatError()
    }
    return BuildSnapshot(
      inputs: inputs, folder: folder, names: names, span: span, records: records, ids: ids,
      diagnostics: diagnostics,
      archive: archive, walls: walls, feed: feed,
      archivePageCount: archivePageCount, pageSize: pageSize, files: files,
      mapChecksum: mapChecksum, problems: problems,
      census: RecordCensus(
        live: counts[0], scheduled: counts[1], expired: counts[2], inactive: counts[3],
        drafts: counts[4], nextChangeAt: next))
  }
}

extension BuildSnapshot {
  /// The bytes a record takes: thirteen words (its signature's five, its three fingerprints'
  /// six, its state and its flags).
  static let recordSize = 13 * 8
}

extension BinaryWriter {
  /// Writes a file's signature in five words.
  fileprivate mutating func write(_ signature: FileSignature) {
    writeWord(signature.device)
    writeWord(signature.inode)
    writeWord(UInt64(bitPattern: signature.size))
    writeWord(UInt64(bitPattern: signature.modified))
    writeWord(UInt64(bitPattern: signature.changed))
  }

  /// Writes a record in `BuildSnapshot.recordSize` bytes.
  fileprivate mutating func write(_ record: BuildSnapshot.Record) {
    write(record.signature)
    write(record.content)
    write(record.key)
    write(record.placement)
    writeWord(record.state)
    writeWord((record.isRacy ? 1 : 0) | (record.isDelivered ? 2 : 0))
  }
}

extension BinaryReader {
  fileprivate mutating func signature() throws(BinaryFormatError) -> FileSignature {
    FileSignature(
      device: try word(), inode: try word(), size: Int64(bitPattern: try word()),
      modified: Int64(bitPattern: try word()), changed: Int64(bitPattern: try word()))
  }

  /// Reads the records: their count, then each in `BuildSnapshot.recordSize` bytes, read from
  /// one block whose bounds are checked once.
  fileprivate mutating func records() throws(BinaryFormatError) -> [BuildSnapshot.Record] {
    let count = try count()
    let size = BuildSnapshot.recordSize
    guard count <= Int.max / size else { throw BinaryFormatError() }
    let block = try self.block(count * size)
    var damaged = false
    // Made in memory whose pages come in one request (`FileSystem.prepare`): 1 MB at 10,000
    // records. A record holds only numbers, so one left unread needs no undoing.
    let records = [BuildSnapshot.Record](unsafeUninitializedCapacity: count) { buffer, made in
      guard let base = buffer.baseAddress else { return }
      FileSystem.prepare(UnsafeMutableRawBufferPointer(buffer))
      for index in 0..<count {
        let start = index * size
        func word(_ at: Int) -> UInt64 {
          UInt64(
            littleEndian: block.loadUnaligned(fromByteOffset: start + 8 * at, as: UInt64.self))
        }
        func fingerprint(_ at: Int) -> Fingerprint {
          Fingerprint(high: word(at), low: word(at + 1))
        }
        let flags = word(12)
        guard flags <= 3 else {
          damaged = true
          return
        }
        (base + index).initialize(
          to: BuildSnapshot.Record(
            signature: FileSignature(
              device: word(0), inode: word(1), size: Int64(bitPattern: word(2)),
              modified: Int64(bitPattern: word(3)), changed: Int64(bitPattern: word(4))),
            content: fingerprint(5), isRacy: flags & 1 != 0, key: fingerprint(7),
            placement: fingerprint(9), state: word(11), isDelivered: flags & 2 != 0))
        made = index + 1
      }
    }
    guard !damaged else { throw BinaryFormatError() }
    return records
  }

  fileprivate mutating func file(records: Int) throws(BinaryFormatError) -> BuildSnapshot.File {
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
    return BuildSnapshot.File(fingerprint: fingerprint, role: role, edition: try int())
  }
}
