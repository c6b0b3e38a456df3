import Foundation
import HeraldCore

/// The build cache's database, read on a thread of its own from the moment the cache is opened.
///
/// The build lists and `stat`s the site's files meanwhile, and the first use of the contents
/// waits for the read to end. The connection stays open for the entries read on demand.
final class DatabaseRead: @unchecked Sendable {
  // Written once on the reading thread before `done` is left; read only after waiting on `done`,
  // which orders the write before every read.
  private var read = BuildCache.Contents()
  private var database: SQLiteDatabase?
  private let done = DispatchGroup()
  // The connection is used by one thread at a time: the lock guards it and its statement.
  private let lock = NSLock()
  private var lookup: SQLiteStatement?

  /// Starts reading the database at a path; a missing one is an empty cache, a damaged one an
  /// empty cache marked damaged.
  init(path: String, identity: String) {
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
    done.wait()
    return read
  }

  /// The sealed bytes of an entry left in the database to be read on demand, from the row the
  /// scan found it in; nil when the row no longer holds that fingerprint or cannot be read (a
  /// miss, never an error).
  func entry(row: Int64, fingerprint: Fingerprint) -> [UInt8]? {
    done.wait()
    guard let database else { return nil }
    return lock.withLock { () -> [UInt8]? in
      do throws(SQLiteError) {
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
      } catch {
        return nil
      }
    }
  }
}
