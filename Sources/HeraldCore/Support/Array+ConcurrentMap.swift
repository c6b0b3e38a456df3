import Foundation

extension Array where Element: Sendable {
  /// Maps the elements on every core and returns the results in the elements' order, so the result
  /// is the same as a sequential `map`.
  package func concurrentMap<Result: Sendable>(
    _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    guard count > 1 else { return map(transform) }
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    nonisolated(unsafe) let slots = results
    let elements = self
    DispatchQueue.concurrentPerform(iterations: count) { index in
      slots[index] = transform(elements[index])
    }
    return results.compactMap { $0 }
  }
}
