#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive lock on a folder, held through `flock` on a file inside it.
///
/// Two processes writing the same folder take turns. The system releases it when the process ends, however it
/// ends, so a crashed build never leaves a stale lock.
package final class FolderLock: Sendable {
  private let descriptor: Int32

  /// Takes the lock on `file`, creating the file if needed; when another process holds it,
  /// `waiting` is called once and the lock is awaited.
  package init(file: String, waiting: () -> Void) throws(FileSystemError) {
    let descriptor = open(file, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw .lastError(file) }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let error = FileSystemError.lastError(file)
        close(descriptor)
        throw error
      }
      waiting()
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let error = FileSystemError.lastError(file)
          close(descriptor)
          throw error
        }
      }
    }
    self.descriptor = descriptor
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Takes the lock on `file` when no other process holds it; nil when one does.
  package static func attempt(file: String) throws(FileSystemError) -> FolderLock? {
    let descriptor = open(file, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw .lastError(file) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let error = errno
      close(descriptor)
      if error == EWOULDBLOCK { return nil }
      errno = error
      throw .lastError(file)
    }
    return FolderLock(descriptor: descriptor)
  }

  /// Releases the lock.
  deinit { close(descriptor) }
}
