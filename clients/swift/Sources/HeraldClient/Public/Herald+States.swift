import Foundation
import HeraldProtocol

extension Herald {
  /// The state now and every time it changes, while the stream is observed: it refreshes at once,
  /// polls at the manifest's `Cache-Control: max-age` (within the configured bounds) with
  /// conditional requests, and wakes at `nextChangeAt` to decide again, so an expired message
  /// leaves on time (and fetches then too, for one that went live).
  ///
  /// Ending the iteration stops it, and `close()` ends it.
  public nonisolated func states() -> AsyncStream<HeraldState> {
    AsyncStream { continuation in
      let task = Task { await self.observe(continuation) }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private func observe(_ continuation: AsyncStream<HeraldState>.Continuation) async {
    guard let key = register(continuation) else {
      continuation.finish()
      return
    }
    defer { unregister(key) }
    var current = await refresh()
    continuation.yield(current)
    while !Task.isCancelled && !isClosed {
      let now = clock.now()
      let poll = now.addingTimeInterval(pollInterval)
      let change = current.nextChangeAt.flatMap { $0 > now ? $0 : nil }
      let wake = change.map { min($0, poll) } ?? poll
      do {
        try await clock.sleep(until: wake)
      } catch {
        break
      }
      if let change, wake == change {
        let redecided = await decide()
        if redecided != current {
          current = redecided
          continuation.yield(current)
        }
      }
      let refreshed = await refresh()
      if refreshed != current {
        current = refreshed
        continuation.yield(current)
      }
    }
    continuation.finish()
  }
}
