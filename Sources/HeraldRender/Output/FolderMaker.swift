import Foundation
import HeraldFiles
import Synchronization

/// Creates folders under a root once each, from many threads, and holds the root open so that
/// the folders and the files in them are made by their paths relative to it.
final class FolderMaker: Sendable {
  private let root: String
  /// The folders made so far, and the root once it is made and opened.
  private let state = Mutex<(made: Set<String>, open: OpenFolder?)>(([], nil))

  init(root: String) { self.root = root }

  /// The root, held open once it is made; nil before, or when it could not be opened.
  var rootFolder: OpenFolder? { state.withLock { $0.open } }

  /// Makes a folder (relative to the root, `""` for the root) and its parents.
  ///
  /// The folder is made first and its parent only when that fails for want of it: nearly every
  /// folder of a build (a record's) goes into one made before, and looking the parent up first
  /// was a third of the work of making it.
  func make(_ folder: String) throws(FileSystemError) {
    let (known, open) = state.withLock { ($0.made.contains(folder), $0.open) }
    if known { return }
    let path = folder.isEmpty ? root : root + "/" + folder
    if try !makeInExistingParent(folder, path: path, in: open) {
      if !folder.isEmpty { try make(OutputWriter.folder(of: folder)) }
      guard try makeInExistingParent(folder, path: path, in: open) else {
        throw .lastError(path)
      }
    }
    // The root is opened once made: every folder and file after it is made relative to it.
    let opened = folder.isEmpty && open == nil ? OpenFolder(root) : nil
    state.withLock {
      $0.made.insert(folder)
      if let opened, $0.open == nil { $0.open = opened }
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
}
