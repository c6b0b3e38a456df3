import Foundation
import HeraldCore
import Synchronization
import Testing

/// A failure that names the element it came from.
private struct Refused: Error, Equatable {
  let element: Int
}

@Suite("Mapping on every core, with a transform that may throw")
struct ConcurrentMapTests {
  @Test(
    "the results are a sequential map's, and the error the first a sequential map would meet",
    arguments: [
      (count: 0, failing: [Int]()), (count: 1, failing: []), (count: 1, failing: [0]),
      (count: 500, failing: []), (count: 500, failing: [499]), (count: 500, failing: [3, 17, 400]),
    ])
  func firstErrorInOrder(count: Int, failing: [Int]) {
    let elements = Array(0..<count)
    let refused = Set(failing)
    let transformed = Mutex(0)
    let result = Result { () throws(Refused) -> [Int] in
      try elements.concurrentMap { (element) throws(Refused) -> Int in
        transformed.withLock { $0 += 1 }
        if refused.contains(element) { throw Refused(element: element) }
        return element * 2
      }
    }
    if let first = failing.min() {
      #expect(result == .failure(Refused(element: first)))
    } else {
      #expect(result == .success(elements.map { $0 * 2 }))
    }
    // A failure does not stop the other elements: a build stages every file it can.
    #expect(transformed.withLock { $0 } == count)
  }
}
