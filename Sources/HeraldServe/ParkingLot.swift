import CMicroHTTPD
import Foundation
import Synchronization

/// The connections whose requests wait (suspended in libmicrohttpd), each until it is woken or its
/// deadline passes, when a timer of its own resumes it.
///
/// Parking, waking and closing happen under one lock, so a connection is never suspended after the
/// lot closed (the daemon may not stop while one is suspended) and never resumed twice: a timer
/// that fires after its connection was woken, or after the lot closed, finds nothing to resume.
final class ParkingLot: Sendable {
  private let state = Mutex(Lot())

  /// The parked connections by ticket, whether the lot is closed, and the threads waiting for
  /// connections to park (tests, which may not sleep to synchronise).
  ///
  /// A connection is kept as its address: libmicrohttpd owns it, and a pointer the lock keeps
  /// would have to be one the compiler can prove no other code holds.
  private struct Lot {
    var parked: [Int: UInt] = [:]
    var nextTicket = 0
    var closed = false
    var watching: [DispatchSemaphore] = []
  }

  /// Parks a connection until its deadline.
  ///
  /// It is suspended through `suspend`, under the lock. Returns false, suspending nothing, once
  /// the lot is closed: the caller then answers.
  func park(_ connection: OpaquePointer, until deadline: Date, suspend: (OpaquePointer) -> Void)
    -> Bool
  {
    let ticket = state.withLock { lot -> Int? in
      guard !lot.closed else { return nil }
      suspend(connection)
      let ticket = lot.nextTicket
      lot.nextTicket += 1
      lot.parked[ticket] = UInt(bitPattern: connection)
      for thread in lot.watching { thread.signal() }
      lot.watching = []
      return ticket
    }
    guard let ticket else { return false }
    // A far deadline (Date.distantFuture) waits a day at most: the time is counted in
    // nanoseconds.
    let wait = min(max(0, deadline.timeIntervalSinceNow), 86_400)
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + wait) { [weak self] in
      self?.resume { $0 == ticket }
    }
    return true
  }

  /// Resumes every parked connection now (a build finished; its pages may reload).
  func wakeAll() {
    resume { _ in true }
  }

  /// Resumes every parked connection and refuses new ones; closing again does nothing.
  func close() {
    state.withLock { $0.closed = true }
    resume { _ in true }
  }

  /// Waits until at least `count` connections are parked, or the time runs out; returns whether
  /// they are (for tests, which may not sleep to synchronise).
  func waitUntilParked(_ count: Int, timeout: TimeInterval) -> Bool {
    let deadline = DispatchTime.now() + max(0, timeout)
    while true {
      let parked = DispatchSemaphore(value: 0)
      let enough = state.withLock { lot -> Bool in
        guard lot.parked.count < count else { return true }
        lot.watching.append(parked)
        return false
      }
      if enough { return true }
      if parked.wait(timeout: deadline) == .timedOut {
        return state.withLock { lot in
          lot.watching.removeAll { $0 === parked }
          return lot.parked.count >= count
        }
      }
    }
  }

  /// Resumes the parked connections whose tickets match, under the lock.
  private func resume(where matches: (Int) -> Bool) {
    state.withLock { lot in
      for (ticket, address) in lot.parked where matches(ticket) {
        lot.parked[ticket] = nil
        // A parked connection has a daemon, so the library is loaded.
        if let mhd = microhttpd, let connection = OpaquePointer(bitPattern: address) {
          herald_mhd_resume_connection(mhd, connection)
        }
      }
    }
  }
}
