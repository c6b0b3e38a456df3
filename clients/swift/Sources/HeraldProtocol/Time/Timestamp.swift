/// An instant in UTC with nanosecond precision, read from RFC 3339 text or a `YYYY-MM-DD` date.
///
/// Herald never reads the time zone of the machine: every timestamp carries its offset, and a bare
/// date means 00:00 UTC, so the same site gives the same output everywhere.
package struct Timestamp: Sendable, Hashable, Comparable {
  /// Whole seconds since 1970-01-01T00:00:00Z.
  package let seconds: Int64
  /// Nanoseconds past `seconds`, from 0 to 999,999,999.
  package let nanoseconds: Int32

  /// Makes a timestamp from seconds since the Unix epoch and a sub-second part.
  package init(seconds: Int64, nanoseconds: Int32 = 0) {
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// Orders instants in time.
  package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
  }
}

extension Timestamp {
  /// The instants a document may hold: the years every reader parses (four digits, in UTC).
  ///
  /// From 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. A time a record gives or makes
  /// (a rollout step) outside it is an error of `check`, and a document never holds one.
  package static let writable = first...last

  private static let first = Timestamp(seconds: days(year: 0, month: 1, day: 1) * 86_400)
  private static let last = Timestamp(
    seconds: days(year: 9999, month: 12, day: 31) * 86_400 + 86_399, nanoseconds: 999_999_999)

  /// The instant a count of seconds later, or nil when it would leave `writable`.
  package func adding(seconds count: Int64) -> Timestamp? {
    let (sum, overflow) = seconds.addingReportingOverflow(count)
    let later = Timestamp(seconds: sum, nanoseconds: nanoseconds)
    return !overflow && Self.writable.contains(later) ? later : nil
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The Gregorian date of a count of days since 1970-01-01 (civil_from_days).
  static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The number of days in a month of a year of the Gregorian calendar.
  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
