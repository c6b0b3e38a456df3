import Foundation

/// Lets go of a large value on another thread.
///
/// Freeing ten thousand small objects (the archive's entries, a wave's rows) takes milliseconds
/// that the thread which made them would otherwise spend before it can go on, often while the
/// other core has nothing to do. The caller hands the value over (a temporary, or a binding
/// given with `consume`) and keeps no other reference, so the background thread drops the last.
package enum BackgroundRelease {
  /// Hands the value to a background queue, which drops it.
  package static func release<Value: Sendable>(_ value: consuming Value) {
    let box = Box(consume value)
    DispatchQueue.global(qos: .utility).async { box.empty() }
  }

  /// Holds the value until the background queue empties it.
  private final class Box<Held: Sendable>: @unchecked Sendable {
    private var held: Held?

    init(_ held: consuming Held) { self.held = consume held }

    func empty() { held = nil }
  }
}
