import HeraldCore
import Testing

@Suite("Published, live, scheduled, expired, inactive and draft")
struct RecordStatusTests {
  static let now = Timestamp(seconds: 1_000_000)

  static func record(
    _ id: String, publish: Int64, expires: Int64? = nil, active: Bool = true, draft: Bool = false
  ) -> Announcement {
    Announcement(
      id: id, title: id, severity: .info, kind: .notice, active: active, draft: draft,
      publishAt: Timestamp(seconds: publish), expiresAt: expires.map { Timestamp(seconds: $0) })
  }

  @Test(
    "statuses",
    arguments: [
      (record("a", publish: 1_000_000), RecordStatus.live),
      (record("b", publish: 1_000_001), .scheduled),
      (record("c", publish: 1, expires: 1_000_000), .expired),
      (record("d", publish: 1, expires: 1_000_001), .live),
      (record("e", publish: 1, active: false), .inactive),
      (record("f", publish: 1, active: false, draft: true), .draft),
    ])
  func status(_ record: Announcement, _ expected: RecordStatus) {
    #expect(record.status(at: Self.now) == expected)
  }

  @Test("nextChangeAt is the earliest future publishAt or expiresAt of a record that can show")
  func nextChange() {
    let records = [
      Self.record("a", publish: 1, expires: 1_000_500),
      Self.record("b", publish: 1_000_300),
      Self.record("c", publish: 1_000_100, active: false),
      Self.record("d", publish: 1_000_050, draft: true),
    ]
    #expect(
      RecordCensus.nextChange(in: records, after: Self.now, includeDrafts: false)?.seconds
        == 1_000_300)
    #expect(
      RecordCensus.nextChange(in: records, after: Self.now, includeDrafts: true)?.seconds
        == 1_000_050)
    #expect(RecordCensus.nextChange(in: [], after: Self.now, includeDrafts: false) == nil)
  }

  @Test(
    "a record's next change is the earlier of its future publishAt and expiresAt",
    arguments: [
      (record("both", publish: 1_000_100, expires: 1_000_200), 1_000_100),
      (record("expiry", publish: 1, expires: 1_000_200), 1_000_200),
      (record("now", publish: 1_000_000, expires: 1_000_000), nil),
      (record("past", publish: 1, expires: 999_999), nil),
      (record("forever", publish: 1), nil),
      // Not a record the decoder accepts, but one an app can make: the earlier time still wins.
      (record("reversed", publish: 1_000_300, expires: 1_000_200), 1_000_200),
      (record("inactive", publish: 1_000_100, active: false), nil),
      (record("draft", publish: 1_000_100, draft: true), nil),
    ] as [(Announcement, Int64?)])
  func recordNextChange(_ record: Announcement, _ expected: Int64?) {
    let change = RecordCensus.nextChange(of: record, after: Self.now, includeDrafts: false)
    #expect(change?.seconds == expected)
    #expect(RecordCensus.nextChange(in: [record], after: Self.now, includeDrafts: false) == change)
  }
}
