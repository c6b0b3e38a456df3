import Foundation

extension Array where Element: Sendable {
  /// Maps the elements on every core and returns the results in the elements' order, so the result
  /// is the same as a sequential `map`.
  ///
  /// The elements go out in a few dozen runs per core, so that ten thousand small transforms do
  /// not each pay for a dispatch. A run takes every `runs`-th element, so slow elements put first
  /// (the archive, the feed, each `live.json`) go to different runs, and so to different cores.
  /// Results are written in place, each slot exactly once.
  @inlinable
  package func concurrentMap<Result: Sendable>(
    _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    guard count > 1 else { return map(transform) }
    let elements = self
    let total = count
    let runs = Self.concurrentRuns(total)
    return [Result](unsafeUninitializedCapacity: total) { buffer, initialized in
      // A capacity of two or more always has storage.
      guard let base = buffer.baseAddress else { return }
      nonisolated(unsafe) let slots = base
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        for index in stride(from: run, to: total, by: runs) {
          (slots + index).initialize(to: transform(elements[index]))
        }
      }
      initialized = total
    }
  }

  /// How many runs `concurrentMap` splits a number of elements into.
  @inlinable
  package static func concurrentRuns(_ count: Int) -> Int {
    Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 16)
  }

  /// Maps the elements on every core with a transform that may throw: every element is
  /// transformed (a failure does not stop the others), then the first error in the elements'
  /// order is thrown, so the error is the one a sequential `map` would have met first.
  @inlinable
  package func concurrentMap<Result: Sendable, Failure: Error>(
    throwing transform: @Sendable (Element) throws(Failure) -> Result
  ) throws(Failure) -> [Result] {
    let outcomes = concurrentMap { element in
      Swift.Result { () throws(Failure) in try transform(element) }
    }
    return try outcomes.map { (outcome) throws(Failure) in try outcome.get() }
  }
}
