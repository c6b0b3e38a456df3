import CMicroHTTPD
import Foundation

/// The connections whose requests wait (suspended in libmicrohttpd), each until it is woken or its
/// deadline passes; one timer thread resumes those whose time is up.
///
/// Parking, waking and closing happen under one lock, so a connection is never suspended after the
/// lot closed (the daemon may not stop while one is suspended) and never resumed twice.
final class ParkingLot: @unchecked Sendable {
  private let condition = NSCondition()
  private var parked: [(connection: OpaquePointer, deadline: Date)] = []
  private var closed = false
  private var timerRunning = false
  private let timerFinished = DispatchSemaphore(value: 0)

  /// Parks a connection until its deadline.
  ///
  /// It is suspended through `suspend`, under the lock. Returns false, suspending nothing, once
  /// the lot is closed: the caller then answers.
  func park(_ connection: OpaquePointer, until deadline: Date, suspend: (OpaquePointer) -> Void)
    -> Bool
  {
    condition.lock()
    defer { condition.unlock() }
    guard !closed else { return false }
    suspend(connection)
    parked.append((connection, deadline))
    if !timerRunning {
      timerRunning = true
      Thread.detachNewThread { [self] in runTimer() }
    }
    condition.broadcast()
    return true
  }

  /// Resumes every parked connection now (a build finished; its pages may reload).
  func wakeAll() {
    condition.withLock { resume { _ in true } }
  }

  /// Resumes every parked connection, refuses new ones, and waits for the timer thread to end;
  /// closing again does nothing.
  func close() {
    let wasRunning = condition.withLock { () -> Bool in
      guard !closed else { return false }
      closed = true
      resume { _ in true }
      condition.broadcast()
      return timerRunning
    }
    if wasRunning { timerFinished.wait() }
  }

  /// Waits until at least `count` connections are parked, or the time runs out; returns whether
  /// they are (for tests, which may not sleep to synchronise).
  func waitUntilParked(_ count: Int, timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while parked.count < count {
      guard condition.wait(until: deadline) else { return parked.count >= count }
    }
    return true
  }

  /// Resumes the connections that match; called with the lock held.
  private func resume(where matches: (Date) -> Bool) {
    var kept: [(connection: OpaquePointer, deadline: Date)] = []
    for entry in parked {
      if matches(entry.deadline) {
        // A parked connection has a daemon, so the library is loaded.
        if let mhd = microhttpd { herald_mhd_resume_connection(mhd, entry.connection) }
      } else {
        kept.append(entry)
      }
    }
    parked = kept
  }

  /// Sleeps until the earliest deadline (or a change), resuming connections whose time is up.
  private func runTimer() {
    condition.lock()
    while !closed {
      guard let earliest = parked.map(\.deadline).min() else {
        condition.wait()
        continue
      }
      let now = Date()
      if earliest <= now {
        resume { $0 <= now }
      } else {
        // Foundation traps on a far deadline (Date.distantFuture): wake at least once a minute.
        _ = condition.wait(until: min(earliest, now.addingTimeInterval(60)))
      }
    }
    condition.unlock()
    timerFinished.signal()
  }
}
