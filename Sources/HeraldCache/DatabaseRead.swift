import Foundation
import HeraldCore

/// The build cache's database, read on a thread of its own from the moment a build that reads the
/// whole site starts it (an edit's rebuild that plans again only what it changed never reads it).
///
/// The build lists and `stat`s the site's files meanwhile, and the first use of the contents
/// waits for the read to end (starting it, if nothing did). The connection stays open for the entries read on demand: one by
/// one while a build asks for a few (an edit's page or two), all at once, in one more scan, when
/// it goes on asking (a build into an empty output renders every page, and so wants every card).
final class DatabaseRead: @unchecked Sendable {
  // Written once on the reading thread before `done` is left; read only after waiting on `done`,
  // which orders the write before every read.
  private var read = BuildCache.Contents()
  private var database: SQLiteDatabase?
  private let done = DispatchGroup()
  // The connection is used by one thread at a time: the lock guards it, its statement and what
  // was read on demand.
  private let lock = NSLock()
  private var lookup: SQLiteStatement?
  private var lookups = 0
  private var everyOnDemand: [Int64: (fingerprint: Fingerprint, sealed: [UInt8])]?

  /// How many entries are read one by one before the rest are read in one scan: a lookup costs
  /// about as much as scanning 40 entries, and an edit asks for some 50.
  static let lookupsBeforeScan = 256

  private let path: String
  private let identity: String
  private let starting = NSLock()
  private var started = false

  /// Prepares to read the database at a path; a missing one is an empty cache, a damaged one an
  /// empty cache marked damaged.
  init(path: String, identity: String) {
    self.path = path
    self.identity = identity
  }

  /// Starts reading the database on a thread of its own, once.
  func start() {
    let first = starting.withLock {
      defer { started = true }
      return !started
    }
    guard first else { return }
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      do throws(SQLiteError) {
        (read, database) = try BuildCache.open(path, identity: identity)
      } catch {
        read = BuildCache.Contents(isDamaged: error.isDamage)
      }
      done.leave()
    }
  }

  /// What the database held, once it has been read.
  var contents: BuildCache.Contents {
    start()
    done.wait()
    return read
  }

  /// The sealed bytes of an entry left in the database to be read on demand, from the row the
  /// scan found it in; nil when the row no longer holds that fingerprint or cannot be read (a
  /// miss, never an error).
  func entry(row: Int64, fingerprint: Fingerprint) -> [UInt8]? {
    start()
    done.wait()
    guard let database else { return nil }
    return lock.withLock { () -> [UInt8]? in
      lookups += 1
      if everyOnDemand == nil && lookups > Self.lookupsBeforeScan {
        everyOnDemand = try? BuildCache.onDemandEntries(in: database)
      }
      if let everyOnDemand {
        guard let kept = everyOnDemand[row], kept.fingerprint == fingerprint else { return nil }
        return kept.sealed
      }
      return try? lookUp(row: row, fingerprint: fingerprint, in: database)
    }
  }

  /// One entry by its row, with the statement prepared once; called with the lock held.
  private func lookUp(row: Int64, fingerprint: Fingerprint, in database: SQLiteDatabase)
    throws(SQLiteError) -> [UInt8]?
  {
    let statement: SQLiteStatement
    if let lookup {
      statement = lookup
    } else {
      statement = try database.prepare(BuildCache.entryByRow)
      lookup = statement
    }
    // Reset at once: a statement left open holds a read lock that the save would wait for.
    defer { statement.reset() }
    try statement.bind(row, at: 1)
    try statement.bind(BuildCache.bytes(fingerprint), at: 2)
    guard try statement.step() else { return nil }
    return Array(statement.bytes(at: 0))
  }
}
