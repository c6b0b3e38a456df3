import HeraldCore
import Testing

/// The span around a build's time in which no record changes state: an edit's rebuild starts
/// from the last build's snapshot only inside it.
@Suite("The span of time in which no record changes state")
struct StableSpanTests {
  static let now = Timestamp(seconds: 1_000_000)

  static func record(
    publish: Int64, expires: Int64? = nil, steps: [Int64] = [], active: Bool = true
  ) -> Announcement {
    Announcement(
      id: "r", title: "r", severity: .info, kind: .notice, active: active,
      publishAt: Timestamp(seconds: publish), expiresAt: expires.map { Timestamp(seconds: $0) },
      rollout: steps.isEmpty
        ? nil : RolloutPlan(salt: nil, steps: steps.map { .init(after: $0, share: 50) }))
  }

  @Test(
    "its ends are the nearest times at or before the build's time and after it",
    arguments: [
      ([record(publish: 999_000, expires: 1_001_000)], 999_000, 1_001_000),
      // A publication exactly at the build's time has happened: it starts the span.
      ([record(publish: 1_000_000)], 1_000_000, nil),
      ([record(publish: 1_000_500)], nil, 1_000_500),
      // Each rollout step is a change: 999,000 + 800 and + 1,200.
      ([record(publish: 999_000, steps: [0, 800, 1_200])], 999_800, 1_000_200),
      // An inactive record's times count too: the span never claims too much.
      ([record(publish: 999_990, active: false), record(publish: 500)], 999_990, nil),
      ([], nil, nil),
    ] as [([Announcement], Int64?, Int64?)])
  func ends(_ records: [Announcement], _ since: Int64?, _ until: Int64?) {
    let span = StableSpan(around: Self.now, of: records)
    #expect(span.since?.seconds == since)
    #expect(span.until?.seconds == until)
    #expect(span.contains(Self.now))
  }

  @Test(
    "it holds the times at and after its start, up to and not at its end",
    arguments: [
      (999_000, true), (999_999, true), (1_000_999, true), (1_001_000, false), (998_999, false),
    ] as [(Int64, Bool)])
  func contains(_ seconds: Int64, _ expected: Bool) {
    let span = StableSpan(
      since: Timestamp(seconds: 999_000), until: Timestamp(seconds: 1_001_000))
    #expect(span.contains(Timestamp(seconds: seconds)) == expected)
  }

  /// At every time in the span, every record has the state it has at the build's time.
  @Test("inside it, every record's status is what it is at the build's time")
  func statusesHold() {
    let records = (0..<40).map { (index: Int) -> Announcement in
      let publish: Int64 = 999_000 + Int64(index * 37 % 2_000)
      let expires: Int64? = index % 3 == 0 ? 1_000_000 + Int64(index * 53 % 2_000) : nil
      let steps: [Int64] = index % 5 == 0 ? [0, Int64(index * 11)] : []
      return Self.record(publish: publish, expires: expires, steps: steps)
    }
    let span = StableSpan(around: Self.now, of: records)
    let start: Int64 = span.since?.seconds ?? 0
    let end: Int64 = span.until?.seconds ?? 2_000_000
    let step = Int(max(1, (end - start) / 50))
    for time in stride(from: start, to: end, by: step) {
      for record in records {
        #expect(record.status(at: Timestamp(seconds: time)) == record.status(at: Self.now))
      }
    }
  }
}
