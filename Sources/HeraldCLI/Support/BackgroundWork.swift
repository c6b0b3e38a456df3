import Foundation
import Synchronization

/// Work started on another thread now, whose result (or error) is waited for later.
final class BackgroundWork<Value: Sendable, Failure: Error>: Sendable {
  private let result = Mutex<Result<Value, Failure>?>(nil)
  private let done = DispatchGroup()

  /// Starts the work.
  init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
    done.enter()
    DispatchQueue.global().async { [self] in
      let outcome = Result { () throws(Failure) in try work() }
      result.withLock { $0 = outcome }
      done.leave()
    }
  }

  /// Waits for the work to end, and gives its value or throws its error.
  func value() throws(Failure) -> Value {
    done.wait()
    guard let outcome = result.withLock({ $0 }) else {
      preconditionFailure("the work ended without a result")
    }
    return try outcome.get()
  }
}
