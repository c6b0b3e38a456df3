#if canImport(Glibc)
  import Glibc
#endif
#if canImport(CLinux)
  import CLinux
#endif

/// A folder held open, so that the files in it are `stat`ed, made and written by their paths
/// relative to it (`fstatat`, `mkdirat`, `openat`): the kernel then looks up only the names below
/// the folder, where a whole path costs a lookup for every folder on it (for 10,000 records in a
/// site a few folders deep, most of what a `stat` costs; for a build's 9,400 new files on a RAM
/// disk, more than half of what making their folders and creating them costs).
package final class OpenFolder: Sendable {
  /// The open folder.
  private let descriptor: Int32

  /// Opens a folder; nil when it cannot be opened as one.
  package init?(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  /// Opens a folder inside this one (`openat`: a link on the way is followed, as a path through
  /// it would be); nil when it cannot be opened as one.
  package init?(_ relative: String, in parent: OpenFolder) {
    let descriptor = openat(parent.descriptor, relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Creates a folder at a path relative to this one, whose parent exists; false, with nothing
  /// made, when the parent is missing.
  ///
  /// An existing folder is fine; `path` names the folder in an error.
  package func makeFolder(_ relative: String, path: String) throws(FileSystemError) -> Bool {
    if mkdirat(descriptor, relative, 0o755) == 0 || errno == EEXIST { return true }
    if errno == ENOENT { return false }
    throw .lastError(path)
  }

  /// Opens a file at a path relative to this folder to be replaced (`FileSystem.replacing`) and
  /// returns its descriptor, negative when it cannot be (`errno` says why).
  package func openToReplace(_ relative: String) -> Int32 {
    openat(descriptor, relative, FileSystem.replacing, 0o644)
  }

  /// Reads a whole regular file at a path relative to the folder, as
  /// `FileSystem.readRegularWithSignature` reads one at a full path; `path` names it in an error.
  package func readRegularWithSignature(_ relative: String, path: String) -> Result<
    (bytes: [UInt8], signature: FileSignature), FileSystemError
  > {
    let file = openat(descriptor, relative, FileSystem.reading)
    return FileSystem.statusOfRegular(file, path: path).flatMap {
      FileSystem.readWhole($0.0, status: $0.1, path: path)
    }
  }

  /// The signature of the file at a path relative to the folder, not following a final symbolic
  /// link; nil when it cannot be read.
  package func signature(of relative: String) -> FileSignature? {
    relative.withCString { signature(of: $0) }
  }

  /// The signature of the file at a path (a C string) relative to the folder, as
  /// `signature(of:)` gives it.
  package func signature(of relative: UnsafePointer<CChar>) -> FileSignature? {
    var status = stat()
    guard fstatat(descriptor, relative, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return FileSignature(status)
  }

  /// Renames a file or folder at a path relative to this folder to a path relative to another;
  /// 0 when done, else the system's error number.
  package func rename(_ relative: String, to destination: String, in folder: OpenFolder) -> Int32 {
    renameat(descriptor, relative, folder.descriptor, destination) == 0 ? 0 : errno
  }

  /// Swaps a file at a path relative to this folder with the one at a path relative to another.
  ///
  /// One step (`renameat2`'s exchange): each is then at the other's path, and neither is freed.
  /// 0 when done, else the system's error number (`ENOSYS` where there is no such call).
  package func exchange(_ relative: String, with destination: String, in folder: OpenFolder)
    -> Int32
  {
    #if canImport(CLinux)
      let done = renameat2(
        descriptor, relative, folder.descriptor, destination, UInt32(HERALD_RENAME_EXCHANGE))
      return done == 0 ? 0 : errno
    #else
      return ENOSYS
    #endif
  }

  /// Whether the folder is on a file system kept in memory (tmpfs, ramfs).
  package var isInMemory: Bool {
    #if canImport(CLinux)
      return herald_is_in_memory(descriptor) != 0
    #else
      return false
    #endif
  }

  /// Removes a file (not a folder) at a path relative to this folder; 0 when it is gone or was
  /// not there, else the system's error number (`EISDIR` for a folder).
  package func removeFile(_ relative: String) -> Int32 {
    unlinkat(descriptor, relative, 0) == 0 || errno == ENOENT ? 0 : errno
  }

  /// Removes an empty folder at a path relative to this one; false when it is not there, not a
  /// folder or not empty.
  @discardableResult
  package func removeEmptyFolder(_ relative: String) -> Bool {
    unlinkat(descriptor, relative, AT_REMOVEDIR) == 0
  }

  /// Makes the folder at a path relative to this one, and every folder on the way, real folders.
  ///
  /// A symbolic link or a file in the way is removed (never followed), a missing folder made.
  /// `known` holds the folders already made sure of, and gains these; `path` is this folder's
  /// path, for errors.
  package func makeRealFolders(_ relative: String, known: inout Set<String>, path: String)
    throws(FileSystemError)
  {
    guard !relative.isEmpty, !known.contains(relative) else { return }
    var end = relative.startIndex
    while end < relative.endIndex {
      end = relative[relative.index(after: end)...].firstIndex(of: "/") ?? relative.endIndex
      let folder = String(relative[..<end])
      guard known.insert(folder).inserted else { continue }
      var status = stat()
      if fstatat(descriptor, folder, &status, AT_SYMLINK_NOFOLLOW) == 0 {
        if (status.st_mode & S_IFMT) == S_IFDIR { continue }
        // Gone already: another thread making the same folder removed it.
        let failure = removeFile(folder)
        guard failure == 0 else { throw FileSystemError(path: path + "/" + folder, code: failure) }
      }
      if mkdirat(descriptor, folder, 0o755) != 0 && errno != EEXIST {
        throw .lastError(path + "/" + folder)
      }
    }
  }
}
