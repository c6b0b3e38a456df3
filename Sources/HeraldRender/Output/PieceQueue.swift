import Foundation

/// Hands a large file's pieces, in order, to a thread of its own, which compares and writes them
/// while the pieces after them render.
///
/// The archive (14 MB at 10,000 records) and each `live.json` (16 MB) render alone in their waves,
/// and writing them took as long as rendering them, on the same thread. The thread starts with the
/// first piece, so a file that fits in one piece (every page) never starts one; at most
/// `maximumQueued` pieces wait, so a slow disk holds up the render rather than filling memory.
/// It is a thread rather than a dispatch queue: the renders that feed it run on the dispatch
/// pool's threads and may wait for it, which must never wait for a pool thread in turn.
///
/// `take` runs on one thread at a time, the queue's, and never after `finish` returns, so the
/// writer it feeds (not itself thread-safe) may be used by the caller again from then on.
final class PieceQueue: @unchecked Sendable {
  /// Pieces waiting, at most: a megabyte beside the render's own.
  static let maximumQueued = 4

  private let take: ([UInt8]) -> Void
  private let condition = NSCondition()
  private var waiting: [[UInt8]] = []
  /// Whether the thread is running: from the first piece until it has taken the last one after
  /// `finish` (so one thread at most takes pieces, and they are taken in order).
  private var isRunning = false
  private var isFinishing = false

  /// A queue that passes each piece to `take`, one at a time, in order.
  init(take: @escaping ([UInt8]) -> Void) {
    self.take = take
  }

  /// Queues a piece, waiting while the queue is full.
  func add(_ piece: [UInt8]) {
    condition.lock()
    defer { condition.unlock() }
    while waiting.count >= Self.maximumQueued { condition.wait() }
    waiting.append(piece)
    if !isRunning {
      isRunning = true
      isFinishing = false
      Thread { [self] in run() }.start()
    }
    condition.broadcast()
  }

  /// Waits until every piece queued has been taken and the thread has ended.
  func finish() {
    condition.lock()
    defer { condition.unlock() }
    isFinishing = true
    condition.broadcast()
    while isRunning { condition.wait() }
    isFinishing = false
  }

  private func run() {
    condition.lock()
    while true {
      while waiting.isEmpty && !isFinishing { condition.wait() }
      guard !waiting.isEmpty else { break }
      let piece = waiting.removeFirst()
      condition.broadcast()
      condition.unlock()
      take(piece)
      condition.lock()
    }
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }
}
