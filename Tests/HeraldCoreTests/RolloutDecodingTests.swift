import HeraldCore
import HeraldProtocol
import Testing

/// `rollout` and `remindAfter` as records write them (DESIGN §2, §5.8, §5.9): shares of 10,000,
/// steps from `publishAt`, durations in seconds, and the share a row reaches at a time.
@Suite("Rollouts and reminders as records write them")
struct RolloutDecodingTests {
  static let record: [(String, SourceValue)] = [
    ("id", plain("tour")), ("title", plain("Tour")), ("severity", plain("INFO")),
    ("kind", plain("WHATS_NEW")), ("publishAt", plain("2026-03-01")),
  ]

  func decode(_ extra: [(String, SourceValue)]) -> DecodedRecord {
    AnnouncementDecoder(config: testConfig).decode(
      file: "r.md", entries: entries(Self.record + extra), body: .empty)
  }

  func step(_ after: String, _ share: String) -> SourceNode {
    let at = SourcePosition(line: 9, column: 5)
    return SourceNode(
      .mapping([
        SourceEntry(key: "after", at: at, value: SourceNode(.scalar(.plain(after)), at: at)),
        SourceEntry(key: "share", at: at, value: SourceNode(.scalar(.plain(share)), at: at)),
      ]), at: at)
  }

  @Test(
    "a share is a percentage with at most two decimals, read as buckets of 10,000",
    arguments: [
      ("25%", 2500), ("0%", 0), ("100%", 10000), ("0.5%", 50), ("0.05%", 5), ("12.34%", 1234),
      ("100.00%", 10000),
    ])
  func share(text: String, buckets: Int) {
    let record = decode([("rollout", plain(text))])
    #expect(record.diagnostics.isEmpty, "\(record.diagnostics)")
    #expect(
      record.announcement?.rollout
        == RolloutPlan(salt: nil, steps: [.init(after: 0, share: buckets)]))
  }

  @Test(
    "anything else is not a share, at its line",
    arguments: ["25", "101%", "100.01%", "0.125%", "-1%", "abc%", "%", "1e2%", " "])
  func notAShare(text: String) {
    let record = decode([("rollout", plain(text))])
    #expect(record.announcement == nil)
    #expect(
      record.diagnostics.map(\.code) == [.invalidRollout]
        || record.diagnostics.map(\.code) == [.emptyValue], "\(record.diagnostics)")
  }

  @Test(
    "a duration is whole minutes, hours, days or weeks",
    arguments: [
      ("60m", 3600), ("1h", 3600), ("12h", 43_200), ("7d", 604_800), ("2w", 1_209_600),
      ("3650d", 315_360_000),
    ] as [(String, Int64)])
  func duration(text: String, seconds: Int64) {
    let record = decode([("remindAfter", plain(text))])
    #expect(record.diagnostics.isEmpty, "\(record.diagnostics)")
    #expect(record.announcement?.remindAfter == seconds)
  }

  @Test(
    "anything else is not a duration",
    arguments: ["7", "d", "1.5d", "7 d", "7y", "-1d", "1000000d"])
  func notADuration(text: String) {
    let record = decode([("remindAfter", plain(text))])
    #expect(record.diagnostics.map(\.code) == [.invalidDuration], "\(record.diagnostics)")
  }

  /// Issue 46, items 2 and 4: `remindAfter: 0m` made a takeover that came back the instant it was
  /// closed, and 9223372036854775807 crashed the Swift reader.
  @Test(
    "a reminder under an hour or over 3650 days is refused",
    arguments: ["0m", "0d", "59m", "30m", "3651d", "522w", "999999w"])
  func reminderOutOfRange(text: String) {
    let record = decode([("remindAfter", plain(text))])
    #expect(record.announcement == nil)
    #expect(record.diagnostics.map(\.code) == [.remindOutOfRange], "\(record.diagnostics)")
  }

  /// Issue 46, item 3: `after: 999999w` wrote the year 21191 into every manifest, which no reader
  /// parses, and every wall of the channel failed open.
  @Test("a rollout step after the year 9999 is refused at its line")
  func stepAfterTheLastYear() {
    let record = decode([("rollout", .sequence([step("0d", "1%"), step("999999w", "100%")]))])
    #expect(record.announcement == nil)
    #expect(record.diagnostics.map(\.code) == [.timeOutOfRange], "\(record.diagnostics)")
    #expect(record.diagnostics.first?.message.contains("999999w") == true)
  }

  @Test(
    "a time that is outside the years 0000 to 9999 in UTC is refused",
    arguments: ["9999-12-31T23:00:00-05:00", "0000-01-01T00:30:00+01:00"])
  func timeOutsideTheYears(text: String) {
    let record = decode([("expiresAt", plain(text))])
    #expect(record.diagnostics.map(\.code) == [.timeOutOfRange], "\(record.diagnostics)")
  }

  @Test("steps widen from publishAt, and the row carries each step at its own time")
  func steps() throws {
    let record = decode([
      ("rollout", .sequence([step("0d", "1%"), step("1d", "10%"), step("1w", "100%")]))
    ])
    let announcement = try #require(record.announcement, "\(record.diagnostics)")
    let rollout = try #require(announcement.rollout).resolved(
      id: "tour", publishAt: announcement.publishAt)
    #expect(rollout.salt == "tour")
    let day: Int64 = 86_400
    let start = announcement.publishAt.seconds
    #expect(
      rollout.steps == [
        RolloutStep(at: Timestamp(seconds: start), share: 100),
        RolloutStep(at: Timestamp(seconds: start + day), share: 1000),
        RolloutStep(at: Timestamp(seconds: start + 7 * day), share: 10000),
      ])
    #expect(rollout.share(at: Timestamp(seconds: start - 1)) == 0)
    #expect(rollout.share(at: Timestamp(seconds: start + day - 1)) == 100)
    #expect(rollout.share(at: Timestamp(seconds: start + day)) == 1000)
    #expect(rollout.share(at: Timestamp(seconds: start + 30 * day)) == 10000)
  }

  @Test("each step still ahead is a nextChangeAt, so apps decide again when the share grows")
  func stepsAreChanges() throws {
    let record = decode([
      ("rollout", .sequence([step("0d", "1%"), step("1d", "10%"), step("1w", "100%")]))
    ])
    let announcement = try #require(record.announcement, "\(record.diagnostics)")
    let start = announcement.publishAt.seconds
    func next(after seconds: Int64) -> Timestamp? {
      RecordCensus.nextChange(
        of: announcement, after: Timestamp(seconds: seconds), includeDrafts: false)
    }
    #expect(next(after: start - 10) == announcement.publishAt)
    #expect(next(after: start) == Timestamp(seconds: start + 86_400))
    #expect(next(after: start + 2 * 86_400) == Timestamp(seconds: start + 7 * 86_400))
    #expect(next(after: start + 7 * 86_400) == nil)
  }

  @Test(
    "steps out of order, a share that narrows, and steps that are not steps are refused",
    arguments: [
      [("0d", "10%"), ("0d", "20%")], [("2d", "10%"), ("1d", "20%")],
      [("0d", "50%"), ("1d", "10%")],
    ])
  func badSteps(_ written: [(String, String)]) {
    let record = decode([("rollout", .sequence(written.map { step($0.0, $0.1) }))])
    #expect(record.announcement == nil)
    #expect(record.diagnostics.map(\.code) == [.invalidRollout], "\(record.diagnostics)")
  }

  @Test("inside every rollout means a share above 0%; outside every one, a share of 100%")
  func insideAndOutsideEveryRollout() {
    for share in [0, 1, 5000, 9999, 10000] {
      let rollout = Rollout(
        salt: "tour", steps: [RolloutStep(at: Timestamp(seconds: 0), share: share)])
      let now = Timestamp(seconds: 86_400)
      #expect(rollout.reaches(.inside, at: now) == (share > 0), "\(share)")
      #expect(rollout.reaches(.outside, at: now) == (share == 10000), "\(share)")
      // Before the first step, neither.
      #expect(!rollout.reaches(.inside, at: Timestamp(seconds: -1)))
    }
  }

  @Test("a user inside a share stays inside as it grows, and outside a 0% share")
  func insideStaysInside() {
    let steps = [0, 100, 1000, 5000, 10000].enumerated().map {
      RolloutStep(at: Timestamp(seconds: Int64($0.offset) * 86_400), share: $0.element)
    }
    let rollout = Rollout(salt: "tour", steps: steps)
    for user in (0..<200).map({ "user-\($0)" }) {
      let reached = (0..<5).map {
        rollout.reaches(.user(user), at: Timestamp(seconds: Int64($0) * 86_400))
      }
      // Once reached, reached at every later step.
      #expect(reached == reached.sorted { !$0 && $1 }, "\(user): \(reached)")
      #expect(reached.first == false)
      #expect(reached.last == true)
    }
  }
}
