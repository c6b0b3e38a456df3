import Foundation
import HeraldProtocol

/// The client's clock: what time it is, and waiting for a time.
///
/// Tests give one they move by hand, and `herald explain --now` one that stands still.
public protocol HeraldClock: Sendable {
  /// The current time.
  func now() -> Date
  /// Waits until a time (returns at once for a time past); throws when the task is cancelled.
  func sleep(until date: Date) async throws
}

extension HeraldClock {
  /// The current time to the nanosecond where the clock knows it (a fixed clock's instant), else
  /// `now()`'s (a `Date` holds about a microsecond at today's dates).
  func timestamp() -> Timestamp {
    (self as? HeraldFixedClock)?.instant ?? Timestamp(date: now())
  }
}

/// The system's wall clock.
public struct HeraldSystemClock: HeraldClock {
  /// Makes the clock.
  public init() {}

  /// The current time.
  public func now() -> Date { Date() }

  /// Sleeps until a time.
  public func sleep(until date: Date) async throws {
    let seconds = date.timeIntervalSinceNow
    guard seconds > 0 else { return }
    try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
  }
}

/// A clock that stands at one time (waiting is immediate): for deciding at a given moment.
public struct HeraldFixedClock: HeraldClock {
  /// The time it shows, to the nanosecond.
  package let instant: Timestamp

  /// A clock at a time.
  public init(_ date: Date) { instant = Timestamp(date: date) }

  /// A clock at an instant, to the nanosecond (`herald explain --now`).
  package init(_ instant: Timestamp) { self.instant = instant }

  /// The fixed time.
  public func now() -> Date { instant.foundationDate }

  /// Returns at once, unless cancelled.
  public func sleep(until date: Date) async throws { try Task.checkCancellation() }
}
