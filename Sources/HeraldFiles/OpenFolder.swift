#if canImport(Glibc)
  import Glibc
#endif

/// A folder held open, so that the files in it are `stat`ed by their paths relative to it
/// (`fstatat`): the kernel then looks up only the names below the folder, where a whole path
/// costs a lookup for every folder on it (for 10,000 records in a site a few folders deep, most
/// of what a `stat` costs).
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
}
