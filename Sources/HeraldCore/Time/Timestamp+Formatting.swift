extension Timestamp {
  /// RFC 3339 in UTC, fractions only when present: `2026-03-01T07:30:00Z`.
  public var rfc3339: String {
    let secondOfDay = seconds - dayNumber * 86_400
    var text = "\(date)T"
    text += Self.pad(secondOfDay / 3600, 2) + ":" + Self.pad(secondOfDay / 60 % 60, 2) + ":"
    text += Self.pad(secondOfDay % 60, 2)
    if nanoseconds > 0 {
      var fraction = Self.pad(Int64(nanoseconds), 9)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + "Z"
  }

  /// The UTC calendar date, `2026-03-01`.
  public var date: String {
    let civil = Timestamp.civil(days: dayNumber)
    return Self.pad(civil.year, 4) + "-" + Self.pad(civil.month, 2) + "-" + Self.pad(civil.day, 2)
  }

  /// The UTC calendar date as numbers: year, month (1 to 12) and day (1 to 31).
  public var calendarDate: (year: Int64, month: Int64, day: Int64) {
    Timestamp.civil(days: dayNumber)
  }

  /// Whole days since 1970-01-01, rounded towards the past.
  private var dayNumber: Int64 { seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400 }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

extension Timestamp: CustomStringConvertible {
  /// The RFC 3339 form in UTC.
  public var description: String { rfc3339 }
}
