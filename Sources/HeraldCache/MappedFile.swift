#if canImport(Glibc)
  import Glibc
#endif

/// A file mapped into memory read-only, so a cache entry is read without copying the whole store.
///
/// The mapping stays valid after the file is replaced or removed (the system keeps its pages), so
/// another build compacting the cache cannot pull bytes from under this one.
final class MappedFile: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer

  /// Maps a whole file; nil when it cannot be opened or mapped (an empty file maps to no bytes).
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
  }
}
