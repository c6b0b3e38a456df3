import HeraldCore
import Testing

@Suite("Timestamps are RFC 3339 or a UTC date")
struct TimestampTests {
  @Test(
    "instants read from text",
    arguments: [
      ("1970-01-01", 0), ("1970-01-01T00:00:00Z", 0), ("2026-03-01", 1_772_323_200),
      ("2026-03-01T09:30:00Z", 1_772_357_400), ("2026-03-01T11:30:00+02:00", 1_772_357_400),
      ("2026-03-01T04:00:00-05:30", 1_772_357_400), ("2024-02-29T00:00:00z", 1_709_164_800),
      ("2000-03-01t00:00:00Z", 951_868_800),
    ])
  func parses(_ text: String, _ seconds: Int64) throws {
    #expect(try Timestamp(parsing: text).seconds == seconds)
  }

  @Test("fractions keep nanoseconds and format without trailing zeros")
  func fractions() throws {
    let stamp = try Timestamp(parsing: "2026-03-01T09:30:00.120Z")
    #expect(stamp.nanoseconds == 120_000_000)
    #expect(stamp.rfc3339 == "2026-03-01T09:30:00.12Z")
    #expect(try Timestamp(parsing: "2026-03-01T09:30:00.1234567890000Z").nanoseconds == 123_456_789)
  }

  @Test(
    "an instant finer than a nanosecond is refused, never truncated earlier",
    arguments: ["2026-03-01T09:30:00.1234567891Z", "2026-11-30T12:00:00.0000000001Z"])
  func finerThanNanoseconds(_ text: String) {
    #expect(throws: TimestampParseError.self) { try Timestamp(parsing: text) }
  }

  @Test(
    "formats in UTC",
    arguments: [
      ("2026-03-01T11:30:00+02:00", "2026-03-01T09:30:00Z"),
      ("2026-12-31T23:59:59-01:00", "2027-01-01T00:59:59Z"), ("1969-12-31", "1969-12-31T00:00:00Z"),
      ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
      ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
      ("2026-03-01T09:30:00.000000001Z", "2026-03-01T09:30:00.000000001Z"),
      ("2026-03-01T09:30:00.5Z", "2026-03-01T09:30:00.5Z"),
    ])
  func formats(_ text: String, _ expected: String) throws {
    #expect(try Timestamp(parsing: text).rfc3339 == expected)
  }

  @Test(
    "rejections say what is wrong",
    arguments: [
      ("2026-02-30", "day 30 does not exist"), ("2025-02-29", "day 29"),
      ("2026-13-01", "month 13"), ("2026-03-01 09:30:00Z", "separate the date and the time"),
      ("2026-03-01T09:30:00", "time zone offset"), ("2026-3-1", "write 2026-03-01"),
      ("2026-03-1x", "must be 2 digits"),
      ("March 1", "write 2026-03-01"), ("2026-03-01T24:00:00Z", "does not exist"),
      ("2026-03-01T09:30Z", "expected \":\""), ("2026-03-01T09:30:00Zjunk", "unexpected text"),
      ("", "write 2026-03-01"),
    ])
  func rejects(_ text: String, _ reason: String) {
    #expect {
      try Timestamp(parsing: text)
    } throws: { String(describing: $0).contains(reason) }
  }

  @Test(
    "instants beyond four-digit years still format, as they always did",
    arguments: [
      (Timestamp(seconds: 253_402_300_800), "10000-01-01T00:00:00Z"),
      (Timestamp(seconds: -62_135_596_801), "0000-12-31T23:59:59Z"),
    ])
  func wideYears(_ stamp: Timestamp, _ expected: String) {
    #expect(stamp.rfc3339 == expected)
  }

  @Test("calendar round trip over four centuries")
  func calendarRoundTrip() throws {
    var seconds: Int64 = -2_208_988_800  // 1900-01-01
    while seconds < 10_413_792_000 {  // 2300-01-01
      let stamp = Timestamp(seconds: seconds)
      #expect(try Timestamp(parsing: stamp.rfc3339) == stamp)
      seconds += 86_400 * 13 + 3_601
    }
  }
}
