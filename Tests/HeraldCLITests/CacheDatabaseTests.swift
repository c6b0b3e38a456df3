import Foundation
import HeraldCore
import HeraldFiles
import HeraldTestSupport
import Testing

@testable import HeraldCache

/// The build cache's database: a rebuild adds rows and leaves the earlier ones as they were, and
/// a cache that cannot be written never grows.
@Suite("The build cache's database")
struct CacheDatabaseTests {
  @Test("after an edit, the cache keeps every earlier entry and adds the edited record's")
  func rowsAfterEdit() throws {
    let (site, work, cache, arguments) = try Self.exampleBuild()
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let before = try Self.contents(in: work.path("cache"))
    try IncrementalBuildTests.edit(
      site, IncrementalBuildTests.widgets, "title: Departures on your home screen",
      "title: Widgets")
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let after = try Self.contents(in: work.path("cache"))
    #expect(!before.isForeign && !after.isForeign)
    #expect(before.rows.count > 10)
    // Only added to: the earlier rows are where they were, with the same entries.
    #expect(Array(after.rows.prefix(before.rows.count)).map(\.row) == before.rows.map(\.row))
    #expect(after.rows.count > before.rows.count)
    #expect(after.files.paths == before.files.paths)
    // (Whether a file counts as racy depends on the clock, so only contents are compared.)
    let changed = after.files.paths.filter {
      before.files[$0]?.content != after.files[$0]?.content
    }
    #expect(
      changed.map { $0.hasSuffix(IncrementalBuildTests.widgets) } == [true], "\(changed)")
  }

  /// Records are kept under what of herald.yaml they are read in the light of (its record terms)
  /// and rows under what they show of it, not under its bytes: a new title re-read every record
  /// and re-made every row, a rebuild three times slower than one without the cache.
  @Test("herald.yaml's title adds no entry, its base URL new rows only, a release new records")
  func entriesAfterHeraldYAMLChanges() throws {
    let (site, work, cache, arguments) = try Self.exampleBuild()
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    func build() throws -> (records: Set<Fingerprint>, rows: Set<Fingerprint>) {
      let result = try HeraldProcess.run(arguments, environment: cache)
      #expect(result.status == 0, "\(result.stderr)")
      let contents = try Self.contents(in: work.path("cache"))
      var records: Set<Fingerprint> = []
      var rows: Set<Fingerprint> = []
      for (fingerprint, location) in contents.locations {
        // A row is JSON (indented as in a manifest); a record is kept in its binary form.
        let sealed = Array(contents.store[location.offset..<(location.offset + location.count)])
        let bytes = try #require(sealed.withUnsafeBytes { Checksum.opened($0).map { Array($0) } })
        let isRow = bytes.first { $0 != UInt8(ascii: " ") && $0 != 10 } == UInt8(ascii: "{")
        if isRow { rows.insert(fingerprint) } else { records.insert(fingerprint) }
      }
      return (records, rows)
    }
    let first = try build()
    #expect(
      first.records.count >= 10 && first.rows.count >= 5,
      "\(first.records.count) records, \(first.rows.count) rows")
    try IncrementalBuildTests.edit(
      site, "herald.yaml", "title: Linewise — what's new", "title: Linewise news")
    let titled = try build()
    #expect(titled.records == first.records && titled.rows == first.rows)
    try IncrementalBuildTests.edit(
      site, "herald.yaml", "baseURL: https://linewise.example/whats-new/",
      "baseURL: https://news.linewise.example/")
    let moved = try build()
    #expect(moved.records == first.records)
    #expect(moved.rows.isSuperset(of: first.rows) && moved.rows.count >= 2 * first.rows.count)
    try IncrementalBuildTests.edit(
      site, "herald.yaml", "1.10.1, 2.0.0]", "1.10.1, 2.0.0, 2.1.0]")
    let released = try build()
    #expect(released.records.isSuperset(of: first.records))
    #expect(released.records.count >= 2 * first.records.count)
  }

  @Test("the table of record files is what the last build saw: a file gone, a file renamed")
  func fileTableFollowsTheFolder() throws {
    let (site, work, cache, arguments) = try Self.exampleBuild()
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let folder = site.path("content/announcements")
    let manager = FileManager.default
    try manager.removeItem(atPath: folder + "/larger-text.md")
    try manager.moveItem(atPath: folder + "/beta-programme.md", toPath: folder + "/beta-2.md")
    let result = try HeraldProcess.run(arguments, environment: cache)
    #expect(result.status == 0, "\(result.stderr)")
    let files = try Self.contents(in: work.path("cache")).files
    let listed = try manager.contentsOfDirectory(atPath: folder).map {
      "content/announcements/" + $0
    }
    #expect(files.paths == listed.sorted())
    #expect(files["content/announcements/beta-2.md"] != nil)
    #expect(files["content/announcements/larger-text.md"] == nil)
  }

  /// A cache folder of the format before SQLite keeps its 25 MB store unless the first build of
  /// the new one removes it.
  @Test("the first build removes the files of the cache's earlier format")
  func earlierFormatRemoved() throws {
    let (site, work, cache, arguments) = try Self.exampleBuild()
    // The site's folder is removed when it goes: it must outlive both builds.
    defer { withExtendedLifetime(site) {} }
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let folders = try FileManager.default.contentsOfDirectory(atPath: work.path("cache"))
    let folder = work.path("cache/" + (folders.first ?? ""))
    // The format before SQLite, and the snapshot an edit's rebuild kept until herald had one
    // build path.
    for name in ["index", "store-5f3a", "lock", "snapshot", "snapshot.4242"] {
      try Data("earlier".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    try FileManager.default.removeItem(atPath: folder + "/" + BuildCache.databaseName)
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    #expect(names == ["key", BuildCache.databaseName], "\(names)")
  }

  /// Another herald's entries are never read, and its database is taken over, not added to.
  @Test("a database written by another herald is read as empty and replaced by the next build")
  func foreignDatabase() throws {
    let work = try TemporaryDirectory()
    let path = work.path(BuildCache.databaseName)
    let database = try SQLiteDatabase(path: path, create: true)
    try database.execute(BuildCache.schema)
    try database.execute(
      "INSERT INTO meta VALUES ('format', '\(BuildCache.format)'), ('identity', 'another herald');"
        + " INSERT INTO entry (fingerprint, value) VALUES (x'00', x'01')")
    let contents = try BuildCache.read(path, identity: "this herald")
    #expect(contents.isForeign)
    #expect(contents.rows.isEmpty && contents.files.count == 0)
  }

  /// Every entry is read when the cache is opened, in one scan: no card is kept (rendering the
  /// few a rebuild needs costs less than keeping them all).
  @Test("the scan reads every entry, and the entries are records and rows, never cards")
  func everyEntryAtOpening() throws {
    let (site, work, cache, _, path) = try Self.builtExample()
    defer { withExtendedLifetime(site) {} }
    let identity = try Self.identity(of: path)
    let contents = DatabaseRead(path: path, identity: identity).contents
    #expect(contents.locations.count >= 10)
    #expect(contents.store.count == contents.locations.values.reduce(0) { $0 + $1.count })
    let opened = try #require(
      try BuildCache.open(
        outputDirectory: work.path("public"), siteDirectory: site.url.path, environment: cache,
        identity: identity))
    for fingerprint in contents.locations.keys {
      let bytes = try #require(opened.withEntry(fingerprint) { Array($0) })
      #expect(!String(decoding: bytes, as: UTF8.self).contains("<article"))
    }
  }

  /// A cache of an earlier format may have other columns (herald-cache-6 had one for the entries
  /// read on demand): the next build makes the tables again instead of failing to save into them.
  @Test("a database of the earlier format is made again by the next build, which then reuses it")
  func earlierDatabaseFormat() throws {
    let (site, work, cache, arguments, path) = try Self.builtExample()
    defer { withExtendedLifetime(site) {} }
    try FileManager.default.removeItem(atPath: path)
    let earlier = try SQLiteDatabase(path: path, create: true)
    try earlier.execute(
      """
      CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE entry (
        fingerprint BLOB NOT NULL, value BLOB NOT NULL, onDemand INTEGER NOT NULL);
      CREATE TABLE file (path TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
      INSERT INTO meta VALUES ('format', 'herald-cache-6'), ('identity', 'herald');
      INSERT INTO entry VALUES (x'00', x'01', 1);
      """)
    try FileManager.default.removeItem(atPath: work.path("public"))
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let remade = try Self.contents(in: work.path("cache"))
    #expect(!remade.isForeign && !remade.isDamaged)
    #expect(remade.locations.count >= 10)
    #expect(remade.rows.count == remade.locations.count)
  }

  /// The example site in a scratch folder, and how to build it with a cache of its own.
  private static func exampleBuild() throws -> (
    site: TemporaryDirectory, work: TemporaryDirectory, cache: [String: String],
    arguments: [String]
  ) {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let arguments = [
      "build", "--site", site.url.path, "--output", work.path("public"), "--now",
      "2026-11-30T12:00:00Z", "--quiet",
    ]
    return (site, work, ["HERALD_CACHE_DIR": work.path("cache")], arguments)
  }

  private static func contents(in cacheRoot: String) throws -> BuildCache.Contents {
    let path = try databasePath(in: cacheRoot)
    return try BuildCache.read(path, identity: identity(of: path))
  }

  /// The example built once through a cache of its own, and that cache's database.
  private static func builtExample() throws -> (
    site: TemporaryDirectory, work: TemporaryDirectory, cache: [String: String],
    arguments: [String], database: String
  ) {
    let (site, work, cache, arguments) = try exampleBuild()
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    return (site, work, cache, arguments, try databasePath(in: work.path("cache")))
  }

  /// The database of the one cache folder under a cache root.
  private static func databasePath(in cacheRoot: String) throws -> String {
    let folders = try FileManager.default.contentsOfDirectory(atPath: cacheRoot)
    return cacheRoot + "/" + (folders.first ?? "") + "/" + BuildCache.databaseName
  }

  /// The identity of the herald under test, as it wrote it into a database.
  private static func identity(of path: String) throws -> String {
    let meta = try SQLiteDatabase(path: path, create: false).prepare(
      "SELECT value FROM meta WHERE name = 'identity'")
    #expect(try meta.step())
    return meta.text(at: 0)
  }

  /// A full disk once made each build leave one more empty store file behind.
  @Test("a cache that cannot be written never grows, however many builds try")
  func fullDiskLeavesNothing() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let bash = try #require(HeraldProcess.onPath("bash"))
    for _ in 0..<3 {
      // Files may grow to 4 KB (writes past it fail with EFBIG, SIGXFSZ ignored): the database,
      // some 100 KB, cannot be written; check writes nothing else.
      let run = try HeraldProcess.run(
        [
          "-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" check --site \"$1\"",
          HeraldProcess.executable.path, site.url.path,
        ], environment: ["HERALD_CACHE_DIR": work.path("cache")], program: bash)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let folders = try FileManager.default.contentsOfDirectory(atPath: work.path("cache"))
    let names = try folders.flatMap {
      try FileManager.default.contentsOfDirectory(atPath: work.path("cache/" + $0))
    }
    // At most the key and one database (with its journal), however many builds tried.
    let allowed: Set = ["key", BuildCache.databaseName, BuildCache.databaseName + "-journal"]
    #expect(Set(names).isSubset(of: allowed), "\(names)")
  }
}
