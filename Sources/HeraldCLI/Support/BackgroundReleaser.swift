import Foundation

/// Holds a build's large values until its pages have been told to reload, then frees them on a
/// background queue.
///
/// Freeing a built site of 10,000 records takes about a tenth of a second; `serve` would otherwise
/// spend it between finishing the files and waking the browser.
final class BackgroundReleaser: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [Any] = []
  private static let queue = DispatchQueue(label: "herald.release", qos: .utility)

  /// Holds a value until `release()`.
  func keep(_ value: Any) {
    lock.withLock { kept.append(value) }
  }

  /// Lets go of everything held, on the background queue.
  func release() {
    let values = lock.withLock { () -> Held in
      defer { kept = [] }
      return Held(values: kept)
    }
    Self.queue.async { withExtendedLifetime(values) {} }
  }

  /// The values on their way to the queue; nothing reads them, they are only freed there.
  private struct Held: @unchecked Sendable {
    let values: [Any]
  }
}
