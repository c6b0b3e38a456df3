import Foundation
import Synchronization

/// Holds a build's large values until its pages have been told to reload, then frees them on a
/// background queue.
///
/// Freeing a built site of 10,000 records takes about a tenth of a second; `serve` would otherwise
/// spend it between finishing the files and waking the browser.
final class BackgroundReleaser: Sendable {
  private let kept = Mutex<[any Sendable]>([])
  private static let queue = DispatchQueue(label: "herald.release", qos: .utility)

  /// Holds a value until `release()`.
  func keep(_ value: any Sendable) {
    kept.withLock { $0.append(value) }
  }

  /// Lets go of everything held, on the background queue.
  func release() {
    let values = kept.withLock { kept in
      defer { kept = [] }
      return kept
    }
    Self.queue.async { withExtendedLifetime(values) {} }
  }
}
