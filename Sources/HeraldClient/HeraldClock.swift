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
  /// The current time to the nanosecond (a `Date` holds about a microsecond at today's dates).
  func timestamp() -> Timestamp
}

extension HeraldClock {
  /// The current time from `now()`.
  public func timestamp() -> Timestamp { Timestamp(date: now()) }
}

/// The system's wall clock.
public struct SystemClock: HeraldClock {
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
public struct FixedClock: HeraldClock {
  /// The time it shows, to the nanosecond.
  public let instant: Timestamp

  /// A clock at a time.
  public init(_ instant: Timestamp) { self.instant = instant }

  /// The fixed time.
  public func now() -> Date { instant.foundationDate }

  /// The fixed time, exactly.
  public func timestamp() -> Timestamp { instant }

  /// Returns at once, unless cancelled.
  public func sleep(until date: Date) async throws { try Task.checkCancellation() }
}
