import Foundation

/// A snapshot's body being made on a thread of its own, from as soon as the snapshot is known,
/// so that keeping it once the output map is in place only seals it.
final class SnapshotBodyMaker: @unchecked Sendable {
  private let snapshot: BuildSnapshot
  private let done = DispatchGroup()
  // Written once on the making thread before `done` is left, or by `take` after it waited; read
  // only by `take`.
  private var made: BuildSnapshot.Body?
  private var started = false

  /// Keeps the snapshot, starting to make its body now when `now` (else only when taken).
  init(_ snapshot: BuildSnapshot, now: Bool) {
    self.snapshot = snapshot
    guard now else { return }
    started = true
    DispatchQueue.global().async(group: done) { [self] in
      made = self.snapshot.body
    }
  }

  /// The body, made now when it was not started; once only, from one thread.
  func take() -> BuildSnapshot.Body {
    if started { done.wait() }
    let body = made ?? snapshot.body
    made = nil
    return body
  }
}
