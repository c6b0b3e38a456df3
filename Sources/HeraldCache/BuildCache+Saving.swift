import HeraldContent
import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

extension BuildCache {
  /// Writes what this run learnt, in one transaction; never fails the build (a cache that cannot
  /// be written is only a slower next build).
  ///
  /// `files` (when given) replaces the table of record files: files this run did not see are
  /// forgotten. Once the entries have doubled since garbage was last removed, the entries not in
  /// `live()` (every key the site's records and files are made from) are deleted; without `live`,
  /// entries are only added (`check`, which sees records only).
  package func save(files seen: [RecordFileState]?, live: (() -> [Fingerprint])?) {
    let pending = pending()
    let changes = seen.map(fileChanges) ?? FileChanges()
    guard !pending.isEmpty || !changes.isEmpty || isForeign || isDamaged else { return }
    let path = folder + "/" + Self.databaseName
    if isDamaged { removeDatabase(at: path) }
    do {
      let database = try SQLiteDatabase(path: path, create: true)
      // Never synced: a crash of the process leaves SQLite's journal to roll back as ever, and one
      // of the system can leave a mix of blocks that SQLite finds damaged, whose values are of
      // either state (each right for its key) or cut in two (its seal fails: a miss); so
      // durability would buy nothing. On a journaled ext4 the syncs cost 10-14 ms an edit and
      // 57-169 ms a first build.
      try database.execute("PRAGMA synchronous = OFF")
      // Another format's tables may lack this one's columns: they are made again, empty.
      if isForeign { try database.execute(Self.dropTables) }
      try database.execute(Self.schema)
      let removed = try database.transaction(writing: true) { () throws(SQLiteError) in
        try insert(pending, into: database)
        try update(files: changes, in: database)
        return try removeGarbage(from: database, adding: pending, seen: seen, live: live)
      }
      if removed { try? database.execute("PRAGMA incremental_vacuum") }
      if isForeign || rows.isEmpty { removeEarlierFormat() }
    } catch {
      // A database that turns out damaged is begun again next time rather than read again.
      if error.isDamage { removeDatabase(at: path) }
    }
  }

  /// How the table of record files differs from what this run saw: the rows to write, in path
  /// order, and the paths to delete.
  struct FileChanges {
    var changed: [(path: String, entry: FileEntry)] = []
    var gone: [String] = []

    var isEmpty: Bool { changed.isEmpty && gone.isEmpty }
  }

  /// The rows of the record files that changed since the table was read (all of them when it is of
  /// another format), and the files it holds that this run did not see.
  ///
  /// One walk of the table beside the files seen, which come in path order.
  private func fileChanges(_ seen: [RecordFileState]) -> FileChanges {
    let known = isForeign ? RecordFileTable() : files
    var changes = FileChanges()
    var matched = [Bool](repeating: false, count: known.count)
    for (state, place) in zip(seen, known.places(of: seen.map(\.file))) {
      let racy = state.signature.isRacy(readAt: openedAt)
      let entry = FileEntry(signature: state.signature, content: state.content, isRacy: racy)
      if let place {
        matched[place] = true
        if known.entries[place] == entry { continue }
      }
      changes.changed.append((state.file, entry))
    }
    // Written in path order, the same run writes the same pages of the database (the records
    // come in path order, which the sort only checks).
    changes.changed = changes.changed.sortedBytewise { $0.path }
    changes.gone = zip(known.paths, matched).compactMap { $1 ? nil : $0 }
    return changes
  }

  /// Adds the entries no row holds yet, in fingerprint order so the same run writes the same rows.
  private func insert(_ pending: [Fingerprint: Pending], into database: SQLiteDatabase)
    throws(SQLiteError)
  {
    let added = pending.filter { isForeign || locations[$0.key] == nil }.sorted { $0.key < $1.key }
    guard !added.isEmpty else { return }
    let statement = try database.prepare(
      "INSERT INTO entry (fingerprint, value) VALUES (?, ?)")
    for (fingerprint, entry) in added {
      try statement.bind(Self.bytes(fingerprint), at: 1)
      try statement.bind(entry.sealed, at: 2)
      try statement.run()
    }
  }

  /// Writes the rows of the files that changed and deletes those of the files now gone.
  private func update(files changes: FileChanges, in database: SQLiteDatabase)
    throws(SQLiteError)
  {
    if !changes.changed.isEmpty {
      let statement = try database.prepare(
        "INSERT OR REPLACE INTO file (path, value) VALUES (?, ?)")
      for (path, entry) in changes.changed {
        try statement.bind(path, at: 1)
        try statement.bind(Self.bytes(entry), at: 2)
        try statement.run()
      }
    }
    if !changes.gone.isEmpty {
      let statement = try database.prepare("DELETE FROM file WHERE path = ?")
      for path in changes.gone {
        try statement.bind(path, at: 1)
        try statement.run()
      }
    }
  }

  /// Deletes the entries no longer live once the entries have doubled since this was last done;
  /// whether any were deleted.
  private func removeGarbage(
    from database: SQLiteDatabase, adding pending: [Fingerprint: Pending],
    seen: [RecordFileState]?, live: (() -> [Fingerprint])?
  ) throws(SQLiteError) -> Bool {
    let held = rows.reduce(0) { $0 + $1.count }
    let added = pending.values.reduce(0) { $0 + $1.sealed.count }
    let setCompacted = try database.prepare(
      "INSERT OR REPLACE INTO meta (name, value) VALUES ('compacted', ?)")
    guard !isForeign, let live, !rows.isEmpty, held + added > 2 * compactedSize + 8_000_000 else {
      if isForeign || rows.isEmpty {
        try database.execute(
          "INSERT OR REPLACE INTO meta (name, value) VALUES ('format', '\(Self.format)')")
        let setIdentity = try database.prepare(
          "INSERT OR REPLACE INTO meta (name, value) VALUES ('identity', ?)")
        try setIdentity.bind(identity, at: 1)
        try setIdentity.run()
        try setCompacted.bind(String(added), at: 1)
        try setCompacted.run()
      }
      return false
    }
    var wanted = BuildTrace.measure("cache: live") { Set(live()) }
    for state in seen ?? [] { wanted.insert(state.record) }
    let delete = try database.prepare("DELETE FROM entry WHERE rowid = ?")
    var kept = added
    for (row, fingerprint, count) in rows {
      // A fingerprint's later rows are duplicates, never read.
      if wanted.contains(fingerprint), locations[fingerprint]?.row == row {
        kept += count
        continue
      }
      try delete.bind(row, at: 1)
      try delete.run()
    }
    try setCompacted.bind(String(kept), at: 1)
    try setCompacted.run()
    return true
  }

  /// The files of the cache's earlier formats (an index, stores, a lock before SQLite; the edit's
  /// snapshot after it): a cache that starts its database would otherwise keep them, some 25 MB
  /// at 10,000 records, for good.
  private func removeEarlierFormat() {
    for entry in FileSystem.listNames(folder) ?? []
    where entry.name == "index" || entry.name == "lock" || entry.name.hasPrefix("store-")
      || entry.name.hasPrefix("index.") || entry.name == "snapshot"
      || entry.name.hasPrefix("snapshot.")
    {
      unlink(folder + "/" + entry.name)
    }
  }

  private func removeDatabase(at path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
  }
}
