import Foundation
import HeraldCore
import Testing

/// Signals when it is freed, and says whether that happened on the thread that made it.
private final class Probe: @unchecked Sendable {
  let freed: DispatchSemaphore
  let maker = Thread.current
  private(set) nonisolated(unsafe) static var freedOnMaker: Bool?

  init(freed: DispatchSemaphore) { self.freed = freed }

  deinit {
    Self.freedOnMaker = Thread.current == maker
    freed.signal()
  }
}

@Suite("Letting go of a large value on another thread")
struct BackgroundReleaseTests {
  @Test("a value handed over is freed, and not by the thread that handed it over")
  func freedElsewhere() {
    let freed = DispatchSemaphore(value: 0)
    BackgroundRelease.release([Probe(freed: freed)])
    #expect(freed.wait(timeout: .now() + 30) == .success, "the value is freed")
    #expect(Probe.freedOnMaker == false)
  }
}
