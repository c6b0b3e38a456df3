import Foundation

/// The build cache's database, read whole on a thread of its own from the moment the cache is
/// opened: the build lists and `stat`s the site's files meanwhile, and the first use of the
/// contents waits for the read to end.
final class DatabaseRead: @unchecked Sendable {
  // Written once on the reading thread before `done` is left; read only after waiting on `done`,
  // which orders the write before every read.
  private var read = BuildCache.Contents()
  private let done = DispatchGroup()

  /// Starts reading the database at a path; a missing one is an empty cache, a damaged one an
  /// empty cache marked damaged.
  init(path: String, identity: String) {
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      do throws(SQLiteError) {
        read = try BuildCache.read(path, identity: identity)
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
}
