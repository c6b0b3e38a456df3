import Foundation
import HeraldCore
import Synchronization

/// The build cache's database, read on a thread of its own from the moment a build starts it.
///
/// The build lists and `stat`s the site's files meanwhile, and the first use of the contents
/// waits for the read to end (starting it, if nothing did).
final class DatabaseRead: Sendable {
  private let path: String
  private let identity: String
  private let done = DispatchGroup()
  /// Whether the read was started, and what it read once it ended: written on the reading thread
  /// before `done` is left, read only after waiting on `done`.
  private let state = Mutex<(started: Bool, read: BuildCache.Contents)>(
    (false, BuildCache.Contents()))

  /// Prepares to read the database at a path; a missing one is an empty cache, a damaged one an
  /// empty cache marked damaged.
  init(path: String, identity: String) {
    self.path = path
    self.identity = identity
  }

  /// Starts reading the database on a thread of its own, once.
  func start() {
    let first = state.withLock { state in
      defer { state.started = true }
      return !state.started
    }
    guard first else { return }
    done.enter()
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let read: BuildCache.Contents
      do throws(SQLiteError) {
        read = try BuildCache.read(path, identity: identity)
      } catch {
        read = BuildCache.Contents(isDamaged: error.isDamage)
      }
      state.withLock { $0.read = read }
      done.leave()
    }
  }

  /// What the database held, once it has been read.
  var contents: BuildCache.Contents {
    start()
    done.wait()
    return state.withLock { $0.read }
  }
}
