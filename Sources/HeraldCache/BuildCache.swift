import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What a build keeps for the next one, outside the site and the output: each record file's
/// metadata and fingerprint, each record as parsed, and its manifest rows, all addressed by keyed
/// fingerprints of their inputs.
///
/// An entry is only ever found under the fingerprint of exactly the inputs it was made from, so a
/// stale entry cannot be used; anything unreadable is a miss, and a build without a cache works
/// the same, only slower. Files: `key` (the secret hash key) and `cache.sqlite`, an SQLite
/// database of the entries and the record files, each value sealed with its checksum. A build
/// reads the database into memory when it opens the cache (one scan, not a lookup per entry):
/// every entry's place and bytes. The scan runs on a thread of its own while the build lists and
/// `stat`s the site's files, and the first use of what it read waits for it.
///
/// Cards are not kept: an edit renders a page or two, whose cards take less to render again than
/// their entries took to read and write (at 10,000 records, kept cards made a live title's edit
/// 12% slower and a build with an empty cache 7% slower, and the cache 14 MB larger).
package final class BuildCache: Sendable {
  /// A record file as last read.
  struct FileEntry: Sendable, Equatable {
    let signature: FileSignature
    let content: Fingerprint
    /// Whether the file changed so shortly before it was read that a later change within the same
    /// clock tick could leave its signature the same: its bytes are hashed again next time.
    let isRacy: Bool
  }

  /// Where an entry's bytes are in `store`, and its row in the database.
  struct Location: Sendable {
    let offset: Int
    let count: Int
    let row: Int64
  }

  /// What the database held when the cache was opened: read once, then only read (a class, so
  /// each use of it is one reference, not a copy of its tables).
  final class Contents: Sendable {
    let store: [UInt8]
    let locations: [Fingerprint: Location]
    let files: RecordFileTable
    /// Every entry row, the duplicates (two builds adding one entry at once) included.
    let rows: [(row: Int64, fingerprint: Fingerprint, count: Int)]
    /// The entries' size when garbage was last removed: it is removed again once they double.
    let compactedSize: Int
    /// Whether the database held another herald's entries, or none of this format.
    let isForeign: Bool
    /// Whether the database could not be read because it is damaged.
    let isDamaged: Bool

    init(
      store: [UInt8] = [], locations: [Fingerprint: Location] = [:],
      files: RecordFileTable = RecordFileTable(),
      rows: [(row: Int64, fingerprint: Fingerprint, count: Int)] = [],
      compactedSize: Int = 0, isForeign: Bool = false, isDamaged: Bool = false
    ) {
      self.store = store
      self.locations = locations
      self.files = files
      self.rows = rows
      self.compactedSize = compactedSize
      self.isForeign = isForeign
      self.isDamaged = isDamaged
    }
  }

  /// The cache's folder.
  let folder: String
  /// The secret key every fingerprint is made with.
  let key: Fingerprint
  /// Which herald made the entries: another herald's entries are never read.
  package let identity: String
  /// The database's contents, being read or read.
  private let reading: DatabaseRead
  /// The entries' sealed bytes, one after another.
  var store: [UInt8] { reading.contents.store }
  var locations: [Fingerprint: Location] { reading.contents.locations }
  var files: RecordFileTable { reading.contents.files }
  var rows: [(row: Int64, fingerprint: Fingerprint, count: Int)] { reading.contents.rows }
  var compactedSize: Int { reading.contents.compactedSize }
  var isForeign: Bool { reading.contents.isForeign }
  /// Whether the database could not be read because it is damaged: a save begins it again.
  var isDamaged: Bool { reading.contents.isDamaged }
  /// When the cache was opened, in nanoseconds since 1970.
  let openedAt: Int64
  private let pendingEntries = Mutex<[Fingerprint: Pending]>([:])

  /// An entry kept this run: its sealed bytes.
  struct Pending: Sendable {
    let sealed: [UInt8]
  }

  static let format = "herald-cache-7"
  static let databaseName = "cache.sqlite"

  /// Opens (or starts) the cache of an output folder; nil when there is no place for one (no
  /// home folder, a folder of another user); an error when the place given is inside the output
  /// or the site.
  package static func open(
    outputDirectory: String, siteDirectory: String, environment: [String: String],
    identity: String
  ) throws(CacheLocationError) -> BuildCache? {
    let resolved = OutputTarget.resolvedPath(outputDirectory)
    guard
      let folder = try CacheLocation.folder(
        forOutput: resolved, site: OutputTarget.resolvedPath(siteDirectory),
        environment: environment),
      let key = secretKey(in: folder)
    else { return nil }
    return BuildCache(folder: folder, key: key, identity: identity)
  }

  private init(folder: String, key: Fingerprint, identity: String) {
    self.folder = folder
    self.key = key
    self.identity = identity
    openedAt = Self.wallClock()
    reading = DatabaseRead(path: folder + "/" + Self.databaseName, identity: identity)
  }

  /// Starts reading the database on a thread of its own, for a build that reads the whole site.
  package func startReading() { reading.start() }

  /// A keyed hasher: every fingerprint of a build comes from one.
  package func hasher() -> SipHasher { SipHasher(key: key) }

  /// Reads the bytes kept under a fingerprint, in place; nil for an entry whose checksum does not
  /// match (a flipped bit, a torn write, an edit): a damaged entry is a miss.
  package func withEntry<Value>(
    _ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value
  ) -> Value? {
    let contents = reading.contents
    if let location = contents.locations[fingerprint] {
      return contents.store.withUnsafeBytes { bytes in
        let sealed = UnsafeRawBufferPointer(
          rebasing: bytes[location.offset..<(location.offset + location.count)])
        return Checksum.opened(sealed).map(body)
      }
    }
    guard let pending = pendingEntries.withLock({ $0[fingerprint] }) else { return nil }
    return pending.sealed.withUnsafeBytes { Checksum.opened($0).map(body) }
  }

  /// Keeps bytes under a fingerprint, sealed with their checksum (written when the build saves
  /// the cache), to be read with the others when the cache is opened.
  package func keep(_ bytes: [UInt8], for fingerprint: Fingerprint) {
    guard locations[fingerprint] == nil else { return }
    let entry = Pending(sealed: Checksum.sealed(bytes))
    pendingEntries.withLock { $0[fingerprint] = entry }
  }

  /// Each file's fingerprint when its signature is unchanged and was not taken racily.
  package func fingerprints(files paths: [String], signatures: [FileSignature?]) -> [Fingerprint?] {
    files.fingerprints(files: paths, signatures: signatures)
  }

  /// The entries kept this run, by fingerprint.
  func pending() -> [Fingerprint: Pending] { pendingEntries.withLock { $0 } }

  static func wallClock() -> Int64 { FileSignature.wallClock() }
}
