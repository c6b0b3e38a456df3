#if canImport(Glibc)
  import Glibc
#endif

/// What a file's metadata says about its bytes: if none of it changed, the bytes did not either
/// (the same test git's index and make rely on).
///
/// The change time is part of it, so a tool that sets a file's modification time back is still
/// seen.
package struct FileSignature: Sendable, Hashable {
  /// The device.
  package let device: UInt64
  /// The inode on the device.
  package let inode: UInt64
  /// The size in bytes.
  package let size: Int64
  /// The modification time, in nanoseconds since 1970.
  package let modified: Int64
  /// The change time (of the bytes or the metadata), in nanoseconds since 1970.
  package let changed: Int64

  /// Makes a signature from its parts.
  package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }

  /// The signature of a file, not following a final symbolic link; nil when it cannot be read.
  package static func of(_ path: String) -> FileSignature? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return FileSignature(status)
  }

  /// The signature of an open file.
  package static func of(descriptor: Int32) -> FileSignature? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return FileSignature(status)
  }

  /// Whether the file changed so shortly before `readAt` (nanoseconds since 1970, taken before it
  /// was read) that a later change within the same tick of the file system's clock could leave
  /// its signature the same (git's "racy clean"): its bytes are to be looked at again next time.
  package func isRacy(readAt: Int64) -> Bool {
    max(modified, changed) > readAt - 2_000_000_000
  }

  /// The wall clock, in nanoseconds since 1970: what `isRacy` compares with.
  package static func wallClock() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  init(_ status: stat) {
    func nanoseconds(_ time: timespec) -> Int64 {
      Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = nanoseconds(status.st_mtim)
    changed = nanoseconds(status.st_ctim)
  }
}
