import Foundation
import HeraldFiles

/// The `stat`s of a map's files, in runs that the lookahead's thread and a thread that asks for
/// its result take in turn, each run once.
final class StatRuns: @unchecked Sendable {
  private let lock = NSLock()
  private let started = DispatchGroup()
  private let taken = DispatchGroup()
  private var entries: [(key: String, value: OutputMap.Entry)] = []
  private var folder: OpenFolder?
  private var next = 0
  private var moved: [String] = []

  /// How many files a run `stat`s.
  static let runLength = 256

  init() { started.enter() }

  /// Hands over the files to look at (once).
  func start(entries: [(key: String, value: OutputMap.Entry)], folder: OpenFolder?) {
    lock.withLock {
      self.entries = entries
      self.folder = folder
    }
    started.leave()
  }

  /// Waits until the files to look at are handed over.
  func waitForStart() { started.wait() }

  /// Takes runs until none is left (a thread that would otherwise wait).
  func help() {
    started.wait()
    while let run = take() { look(at: run) }
  }

  /// Takes runs until none is left, waits for those others took, and gives the paths of the files
  /// that are no longer as herald put them.
  func finish() -> [String] {
    help()
    taken.wait()
    return lock.withLock { moved }
  }

  private func take() -> Range<Int>? {
    lock.withLock {
      guard next < entries.count else { return nil }
      let run = next..<min(entries.count, next + Self.runLength)
      next = run.upperBound
      // Entered while the lock is held: once every run is taken, every taker has entered.
      taken.enter()
      return run
    }
  }

  private func look(at run: Range<Int>) {
    let (entries, folder) = lock.withLock { (self.entries, self.folder) }
    var found: [String] = []
    for index in run where !entries[index].value.isInPlace(entries[index].key, in: folder) {
      found.append(entries[index].key)
    }
    if !found.isEmpty { lock.withLock { moved += found } }
    taken.leave()
  }
}
