import Foundation

/// Keeps a one-shot command's large values alive until the process exits.
///
/// Freeing a built site (tens of thousands of strings, rows and pages) took about a twentieth of a
/// build, and the operating system reclaims it all at exit for free. Only commands that run once
/// use it; `serve` builds again and again and hands its values to a `BackgroundReleaser`.
enum ExitRetainer {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Holds a value until exit.
  static func keep(_ value: Any) {
    lock.withLock { kept.append(value) }
  }
}
