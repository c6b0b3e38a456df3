import Foundation
import HeraldFiles

/// The `stat`s of a map's files, in runs that the lookahead's thread and a thread that asks for
/// its result take in turn, each run once.
final class StatRuns: @unchecked Sendable {
  private let lock = NSLock()
  private let started = DispatchGroup()
  private let taken = DispatchGroup()
  private var entries: [OutputMap.Ordered] = []
  private var folder: OpenFolder?
  private var next = 0
  private var moved: [String] = []

  /// How many files a run `stat`s.
  static let runLength = 256

  init() { started.enter() }

  /// Hands over the files to look at (once).
  func start(entries: [OutputMap.Ordered], folder: OpenFolder?) {
    lock.withLock {
      self.entries = entries
      self.folder = folder
    }
    started.leave()
  }

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
    var inner = InnerFolder()
    for index in run {
      let (path, entry) = entries[index]
      let signature = inner.signature(of: path, in: folder)
      if signature.map(entry.matches) != true { found.append(path) }
    }
    if !found.isEmpty { lock.withLock { moved += found } }
    taken.leave()
  }

  /// The folder a run's paths start with, held open: the paths are sorted, so a run's are mostly
  /// in one folder (`announcements/`), and a `stat` relative to it looks up one name fewer
  /// (9,400 record pages' `stat`s took a fifth less so).
  private struct InnerFolder {
    private var name: Substring = ""
    private var open: OpenFolder?

    /// The signature of the file at a path of the output.
    mutating func signature(of path: String, in output: OpenFolder?) -> FileSignature? {
      guard let output else { return nil }
      guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else {
        return output.signature(of: path)
      }
      let head = path[..<slash]
      if head != name || open == nil {
        name = head
        open = OpenFolder(String(head), in: output)
      }
      guard let open else { return output.signature(of: path) }
      return open.signature(of: String(path[path.utf8.index(after: slash)...]))
    }
  }
}
