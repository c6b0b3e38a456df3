import Foundation
import HeraldFiles

/// Creates folders under a root once each, from many threads, and holds the root open so that
/// the folders and the files in them are made by their paths relative to it.
///
/// A build's thousands of record folders can be made ahead, on a thread of their own
/// (`premake`): a thread that needs one of them waits for it rather than making it too. Folders
/// made in one parent take turns on the parent's lock in the kernel, and two rendering threads
/// each making its record's folder spun on that lock (on ext4, a sixth of what making folders
/// cost); one thread making them all never waits for another.
final class FolderMaker: @unchecked Sendable {
  private let root: String
  private let condition = NSCondition()
  private var made: Set<String> = []
  private var open: OpenFolder?
  /// The folders the thread making them ahead has yet to make; nil when none is.
  private var ahead: Set<String>?
  private var stopped = false

  init(root: String) { self.root = root }

  /// The root, held open once it is made; nil before, or when it could not be opened.
  var rootFolder: OpenFolder? { locked { open } }

  /// Makes a folder (relative to the root, `""` for the root) and its parents.
  ///
  /// The folder is made first and its parent only when that fails for want of it: nearly every
  /// folder of a build (a record's) goes into one made before, and looking the parent up first
  /// was a third of the work of making it. A folder that `premake` has yet to make is waited for.
  func make(_ folder: String) throws(FileSystemError) {
    try make(folder, waiting: true)
  }

  /// Makes a folder unless it is made; with `waiting`, a folder `premake` has yet to make is
  /// waited for (`premake` itself never waits, so it never waits for itself).
  private func make(_ folder: String, waiting: Bool) throws(FileSystemError) {
    condition.lock()
    while waiting && !made.contains(folder) && ahead?.contains(folder) == true {
      condition.wait()
    }
    let (known, open) = (made.contains(folder), self.open)
    condition.unlock()
    if known { return }
    try create(folder, in: open, waiting: waiting)
  }

  /// Makes the folders, in order, ahead of the threads that need them.
  ///
  /// Call it on a thread of its own once the root is made. It stops at the first folder it cannot
  /// make, which the thread that needs it then makes itself, and reports.
  func premake(_ folders: [String]) {
    // A folder already made is passed over by `make`, and never waited for.
    let queued = Set(folders)
    locked { ahead = queued }
    defer {
      locked { ahead = nil }
      condition.broadcast()
    }
    for folder in folders {
      if locked({ stopped }) { return }
      do throws(FileSystemError) {
        try make(folder, waiting: false)
      } catch {
        return
      }
      condition.broadcast()
    }
  }

  /// Stops `premake` before its next folder (a render that failed needs no more).
  func stopPremaking() { locked { stopped = true } }

  private func create(_ folder: String, in open: OpenFolder?, waiting: Bool)
    throws(FileSystemError)
  {
    let path = folder.isEmpty ? root : root + "/" + folder
    if try !makeInExistingParent(folder, path: path, in: open) {
      if !folder.isEmpty { try make(OutputWriter.folder(of: folder), waiting: waiting) }
      guard try makeInExistingParent(folder, path: path, in: open) else {
        throw .lastError(path)
      }
    }
    // The root is opened once made: every folder and file after it is made relative to it.
    let opened = folder.isEmpty && open == nil ? OpenFolder(root) : nil
    locked {
      _ = made.insert(folder)
      if let opened, self.open == nil { self.open = opened }
    }
  }

  private func makeInExistingParent(_ folder: String, path: String, in open: OpenFolder?)
    throws(FileSystemError) -> Bool
  {
    guard let open, !folder.isEmpty else {
      return try FileSystem.makeDirectoryInExistingParent(path)
    }
    return try open.makeFolder(folder, path: path)
  }

  private func locked<Value>(_ body: () -> Value) -> Value {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }
}
