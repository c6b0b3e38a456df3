import Foundation
import Testing

@testable import HeraldRender

/// What a queue's thread took, in order, and on which threads (told apart while all are alive).
private final class Taken: @unchecked Sendable {
  private let lock = NSLock()
  private var pieces: [[UInt8]] = []
  private var threads: [pthread_t] = []

  func add(_ piece: [UInt8]) {
    let current = pthread_self()
    lock.withLock {
      pieces.append(piece)
      if !threads.contains(where: { pthread_equal($0, current) != 0 }) { threads.append(current) }
    }
  }

  var all: [[UInt8]] { lock.withLock { pieces } }
  var threadCount: Int { lock.withLock { threads.count } }
  /// Whether a piece was taken on this thread (asked while it is alive, so its id is its own).
  var tookOnCallingThread: Bool {
    let current = pthread_self()
    return lock.withLock { threads.contains { pthread_equal($0, current) != 0 } }
  }
}

@Suite("A large file's pieces are written on a thread of their own")
struct PieceQueueTests {
  @Test("every piece is taken, in order, by one other thread, before finish returns")
  func inOrder() {
    let taken = Taken()
    let queue = PieceQueue(take: taken.add)
    let pieces = (0..<200).map { index in [UInt8](repeating: UInt8(index % 251), count: index) }
    for piece in pieces { queue.add(piece) }
    queue.finish()
    #expect(taken.all == pieces)
    #expect(taken.threadCount == 1)
    #expect(!taken.tookOnCallingThread)
  }

  @Test("a queue given nothing finishes at once; one finished takes pieces again")
  func emptyAndAgain() {
    let taken = Taken()
    let queue = PieceQueue(take: taken.add)
    queue.finish()
    #expect(taken.all.isEmpty)
    queue.add([1])
    queue.finish()
    queue.add([2])
    queue.add([3])
    queue.finish()
    #expect(taken.all == [[1], [2], [3]])
  }

  @Test("many queues at once, each in its own order")
  func many() {
    let results = (0..<16).map { _ in Taken() }
    DispatchQueue.concurrentPerform(iterations: results.count) { index in
      let queue = PieceQueue(take: results[index].add)
      for piece in 0..<50 { queue.add([UInt8(index), UInt8(piece)]) }
      queue.finish()
    }
    for (index, taken) in results.enumerated() {
      #expect(taken.all == (0..<50).map { [UInt8(index), UInt8($0)] })
    }
  }
}
