import Foundation
import HeraldProtocol

/// One refresh's deadline over every fetch it makes: each request gets what is left of it, and
/// the client stops waiting when it passes, even for a transport that does not.
enum Deadline {
  /// Fetches through a transport, answering `timedOut` at the deadline at the latest (the fetch
  /// is then cancelled, and its answer, if it comes, ignored).
  static func fetch(
    _ request: HeraldRequest, through transport: any HeraldTransport,
    until deadline: ContinuousClock.Instant
  ) async -> HeraldResponse {
    let left = deadline - .now
    guard left > .zero else { return .failed(.timedOut) }
    let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
    let timed = HeraldRequest(
      url: request.url, etag: request.etag, lastModified: request.lastModified, timeout: seconds)
    let answer = FirstAnswer()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<HeraldResponse, Never>) in
        answer.wait(continuation)
        let fetching = Task { answer.give(await transport.fetch(timed)) }
        let timer = Task {
          try? await Task.sleep(until: deadline, clock: .continuous)
          if answer.give(.failed(.timedOut)) { fetching.cancel() }
        }
        answer.onAnswer { timer.cancel() }
      }
    } onCancel: {
      answer.give(.failed(.network("cancelled")))
    }
  }
}

/// The first of several answers, handed to one waiter (when it comes, if it comes after); the
/// later ones are dropped.
private final class FirstAnswer: @unchecked Sendable {
  private let lock = NSLock()
  private var waiter: CheckedContinuation<HeraldResponse, Never>?
  private var answer: HeraldResponse?
  private var whenAnswered: (@Sendable () -> Void)?

  /// Waits for the answer (resumed at once if it was given already).
  func wait(_ continuation: CheckedContinuation<HeraldResponse, Never>) {
    let given = lock.withLock { () -> HeraldResponse? in
      if let answer { return answer }
      waiter = continuation
      return nil
    }
    if let given { continuation.resume(returning: given) }
  }

  /// Runs work once an answer is given (at once if one was).
  func onAnswer(_ work: @escaping @Sendable () -> Void) {
    let now = lock.withLock { () -> Bool in
      if answer != nil { return true }
      whenAnswered = work
      return false
    }
    if now { work() }
  }

  /// Gives an answer; true when it was the first.
  @discardableResult
  func give(_ response: HeraldResponse) -> Bool {
    let first = lock.withLock {
      () -> (CheckedContinuation<HeraldResponse, Never>?, (@Sendable () -> Void)?)? in
      guard answer == nil else { return nil }
      answer = response
      defer {
        waiter = nil
        whenAnswered = nil
      }
      return (waiter, whenAnswered)
    }
    guard let (continuation, work) = first else { return false }
    continuation?.resume(returning: response)
    work?()
    return true
  }
}
