import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

extension BuildCache {
  /// Reads the secret key, making one the first time (16 random bytes, readable by this user only).
  static func secretKey(in folder: String) -> Fingerprint? {
    let path = folder + "/key"
    if let bytes = FileSystem.read(path), bytes.count == 16 {
      return SipHasher.keyFingerprint(bytes)
    }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let temporary = path + ".\(getpid())"
    guard (try? FileSystem.write(bytes, to: temporary)) != nil, chmod(temporary, 0o600) == 0
    else { return nil }
    // Two builds starting at once: the first key in place wins, and both read it.
    if link(temporary, path) != 0 && errno != EEXIST {
      unlink(temporary)
      return nil
    }
    unlink(temporary)
    guard let kept = FileSystem.read(path), kept.count == 16 else { return nil }
    return SipHasher.keyFingerprint(kept)
  }

  /// The tables: `meta` (the format and the herald that wrote the entries, and the entries'
  /// size when garbage was last removed), `entry` (sealed bytes by fingerprint, appended to) and
  /// `file` (each record file's signature and content fingerprint, sealed, by path).
  static let schema = """
    PRAGMA page_size = 65536;
    PRAGMA auto_vacuum = INCREMENTAL;
    CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS entry (fingerprint BLOB NOT NULL, value BLOB NOT NULL);
    CREATE TABLE IF NOT EXISTS file (path TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
    """

  /// Removes the tables of a database of another format or another herald, whose columns may
  /// not be this format's, before the schema makes them again.
  static let dropTables = """
    DROP TABLE IF EXISTS entry; DROP TABLE IF EXISTS file; DROP TABLE IF EXISTS meta;
    """

  /// Reads the database: a missing file is an empty cache; a database of another format or
  /// another herald is one too, marked foreign so that a save replaces its contents.
  static func read(_ path: String, identity: String) throws(SQLiteError) -> Contents {
    guard let size = FileSignature.of(path)?.size else { return Contents() }
    let database = try SQLiteDatabase(path: path, create: false)
    // Read in place from a mapping of the file rather than copied page by page.
    try database.execute("PRAGMA mmap_size = \(max(size, 1 << 20) * 2)")
    return try scan(database, size: size, identity: identity)
  }

  /// One scan of the database, in one read transaction.
  private static func scan(_ database: SQLiteDatabase, size: Int64, identity: String)
    throws(SQLiteError) -> Contents
  {
    try database.transaction(writing: false) { () throws(SQLiteError) in
      var meta: [String: String] = [:]
      let names = try database.prepare("SELECT name, value FROM meta")
      while try names.step() { meta[names.text(at: 0)] = names.text(at: 1) }
      guard meta["format"] == format, meta["identity"] == identity else {
        return Contents(isForeign: true)
      }
      var store: [UInt8] = []
      var rows: [(row: Int64, fingerprint: Fingerprint, count: Int)] = []
      var locations: [Fingerprint: Location] = [:]
      // The entries take most of the file, and are some 1 KB each.
      store.reserveCapacity(Int(size))
      rows.reserveCapacity(Int(size / 1024))
      locations.reserveCapacity(Int(size / 1024))
      let entries = try database.prepare("SELECT rowid, fingerprint, value FROM entry")
      while try entries.step() {
        let row = entries.integer(at: 0)
        let value = entries.bytes(at: 2)
        guard let fingerprint = fingerprint(entries.bytes(at: 1)) else { continue }
        rows.append((row, fingerprint, value.count))
        // The first row of a fingerprint is the one read; a later one is garbage.
        guard locations[fingerprint] == nil else { continue }
        locations[fingerprint] = Location(offset: store.count, count: value.count, row: row)
        // As a typed buffer, copied at once (a raw buffer would be appended byte by byte).
        store.append(contentsOf: value.assumingMemoryBound(to: UInt8.self))
      }
      var paths: [String] = []
      var files: [FileEntry] = []
      // In path order: the table's key.
      let fileRows = try database.prepare("SELECT path, value FROM file")
      while try fileRows.step() {
        guard let entry = fileEntry(fileRows.bytes(at: 1)) else { continue }
        paths.append(fileRows.text(at: 0))
        files.append(entry)
      }
      return Contents(
        store: store, locations: locations, files: RecordFileTable(paths: paths, entries: files),
        rows: rows,
        compactedSize: Int(meta["compacted"] ?? "") ?? 0)
    }
  }

  /// A fingerprint as 16 bytes (its high word, then its low one).
  static func bytes(_ fingerprint: Fingerprint) -> [UInt8] {
    var writer = BinaryWriter(capacity: 16)
    writer.write(fingerprint)
    return writer.bytes
  }

  static func fingerprint(_ bytes: UnsafeRawBufferPointer) -> Fingerprint? {
    var reader = BinaryReader(bytes)
    guard let fingerprint = try? reader.fingerprint(), reader.isAtEnd else { return nil }
    return fingerprint
  }

  /// A record file's row, sealed: a flipped bit in it is a file not seen before.
  static func bytes(_ entry: FileEntry) -> [UInt8] {
    var writer = BinaryWriter(capacity: 64)
    writer.write(entry.signature.device)
    writer.write(entry.signature.inode)
    writer.write(entry.signature.size)
    writer.write(entry.signature.modified)
    writer.write(entry.signature.changed)
    writer.write(entry.content)
    writer.write(entry.isRacy)
    return Checksum.sealed(writer.bytes)
  }

  static func fileEntry(_ sealed: UnsafeRawBufferPointer) -> FileEntry? {
    guard let bytes = Checksum.opened(sealed) else { return nil }
    var reader = BinaryReader(bytes)
    guard
      let signature = try? FileSignature(
        device: reader.uint64(), inode: reader.uint64(), size: reader.int64(),
        modified: reader.int64(), changed: reader.int64()),
      let content = try? reader.fingerprint(), let racy = try? reader.bool(), reader.isAtEnd
    else { return nil }
    return FileEntry(signature: signature, content: content, isRacy: racy)
  }
}
