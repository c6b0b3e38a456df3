import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Wakes a waiter as soon as anything changes in a set of folders, through Linux's inotify.
///
/// Only a hint: the watcher still compares snapshots, so a missed or spurious event costs at most
/// one poll interval, never a wrong rebuild. Where inotify is unavailable (another platform, or
/// the per-user limit of watches is reached) `make` returns nil and the watcher polls instead.
final class FolderEvents {
  #if canImport(Glibc)
    private let descriptor: Int32
    private var watched: Set<String> = []
    private static let mask = UInt32(
      IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_CLOSE_WRITE)

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Opens an inotify instance, or nil where the system refuses one.
    static func make() -> FolderEvents? {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      return descriptor < 0 ? nil : FolderEvents(descriptor: descriptor)
    }

    deinit { close(descriptor) }

    /// Watches every folder not watched yet; returns false if one could not be watched.
    func watch(_ folders: [String]) -> Bool {
      var complete = true
      for folder in folders where !watched.contains(folder) {
        if inotify_add_watch(descriptor, folder, Self.mask) >= 0 {
          watched.insert(folder)
        } else if errno != ENOENT {
          complete = false
        }
      }
      return complete
    }

    /// Waits until an event arrives or `timeout` passes, then drains the queue; true on an event.
    func wait(timeout: TimeInterval) -> Bool {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, Int32(max(0, timeout * 1000)))
      guard ready > 0 else { return false }
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
      return true
    }
  #else
    /// Always nil here: without inotify the watcher polls.
    static func make() -> FolderEvents? { nil }
    /// Never called without an instance.
    func watch(_ folders: [String]) -> Bool { false }
    /// Never called without an instance.
    func wait(timeout: TimeInterval) -> Bool { false }
  #endif
}
