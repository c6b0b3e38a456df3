import Synchronization

/// Keeps a one-shot command's large values alive until the process exits.
///
/// Freeing a built site (tens of thousands of strings, rows and pages) took about a twentieth of
/// an edit's rebuild (4.9-5.6% at 10,000 records), and the operating system reclaims it all at
/// exit for free. Only commands that run once use it; `serve` builds again and again and hands its
/// values to a `BackgroundReleaser`.
enum ExitRetainer {
  private static let kept = Mutex<[any Sendable]>([])

  /// Holds a value until exit.
  static func keep(_ value: any Sendable) {
    kept.withLock { $0.append(value) }
  }
}
