import Foundation

/// A blocking call on a thread of its own (not Swift's small cooperative pool, which blocking
/// socket calls would starve), whose result is awaited with `value`.
public final class BackgroundCall<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Value?

  /// Starts the call.
  public init(_ body: @escaping @Sendable () -> Value) {
    Thread.detachNewThread { [self] in
      result = body()
      done.signal()
    }
  }

  /// Waits for the call to finish and returns its result.
  public var value: Value {
    done.wait()
    done.signal()
    guard let result else { preconditionFailure("the call finished without a result") }
    return result
  }
}
