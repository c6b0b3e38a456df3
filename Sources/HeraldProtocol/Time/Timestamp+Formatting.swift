extension Timestamp {
  /// RFC 3339 in UTC, fractions only when present: `2026-03-01T07:30:00Z`.
  public var rfc3339: String {
    let secondOfDay = seconds - dayNumber * 86_400
    let civil = Timestamp.civil(days: dayNumber)
    // Written as bytes, not by joining strings: every page, row and feed entry formats several.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(30)
    if (0...9999).contains(civil.year) {
      Self.appendDigits(civil.year, 4, to: &bytes)
      bytes.append(UInt8(ascii: "-"))
      Self.appendDigits(civil.month, 2, to: &bytes)
      bytes.append(UInt8(ascii: "-"))
      Self.appendDigits(civil.day, 2, to: &bytes)
    } else {
      // A year four digits cannot hold keeps the form `date` gives it.
      bytes.append(utf8Of: date)
    }
    bytes.append(UInt8(ascii: "T"))
    Self.appendDigits(secondOfDay / 3600, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Self.appendDigits(secondOfDay / 60 % 60, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    Self.appendDigits(secondOfDay % 60, 2, to: &bytes)
    if nanoseconds > 0 {
      bytes.append(UInt8(ascii: "."))
      Self.appendDigits(Int64(nanoseconds), 9, to: &bytes)
      while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
    }
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a non-negative number of at most `width` digits, zero-padded to `width`.
  private static func appendDigits(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
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
