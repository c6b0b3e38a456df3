/// Why a text is not a timestamp; the message quotes the text.
package struct TimestampParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text that failed to parse.
  package let text: String
  /// What is wrong with it.
  package let reason: String

  /// The whole message, for example `"2026-13-01" is not a timestamp: month 13 does not exist`.
  package var description: String { "\"\(text)\" is not a timestamp: \(reason)" }
}

extension Timestamp {
  /// Parses RFC 3339 (`2026-03-01T09:30:00Z`, `…+02:00`, fractions allowed) or a date
  /// (`2026-03-01`, meaning 00:00 UTC).
  package init(parsing text: String) throws(TimestampParseError) {
    func fail(_ reason: String) -> TimestampParseError {
      TimestampParseError(text: text, reason: reason)
    }
    let bytes = Array(text.utf8)
    var cursor = 0

    func number(_ width: Int, _ name: String) throws(TimestampParseError) -> Int64 {
      guard cursor + width <= bytes.count else { throw fail("the \(name) is missing") }
      var value: Int64 = 0
      for byte in bytes[cursor..<cursor + width] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
          throw fail("the \(name) must be \(width) digits")
        }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      cursor += width
      return value
    }
    func expect(_ character: Character, before name: String) throws(TimestampParseError) {
      guard cursor < bytes.count, bytes[cursor] == character.asciiValue else {
        throw fail("expected \"\(character)\" before the \(name)")
      }
      cursor += 1
    }

    let expected = "write 2026-03-01, or 2026-03-01T09:30:00Z with a time"
    guard bytes.count >= 10 else { throw fail(expected) }
    let year = try number(4, "year")
    try expect("-", before: "month")
    let month = try number(2, "month")
    try expect("-", before: "day")
    let day = try number(2, "day")
    guard (1...12).contains(month) else { throw fail("month \(month) does not exist") }
    guard (1...Timestamp.daysIn(month: month, year: year)).contains(day) else {
      throw fail("day \(day) does not exist in \(year)-\(month < 10 ? "0" : "")\(month)")
    }
    let midnight = Timestamp.days(year: year, month: month, day: day) * 86_400
    if cursor == bytes.count {
      self.init(seconds: midnight)
      return
    }
    guard bytes[cursor] == UInt8(ascii: "T") || bytes[cursor] == UInt8(ascii: "t") else {
      throw fail(
        bytes[cursor] == UInt8(ascii: " ")
          ? "separate the date and the time with \"T\", as in 2026-03-01T09:30:00Z"
          : expected)
    }
    cursor += 1
    let hour = try number(2, "hour")
    try expect(":", before: "minute")
    let minute = try number(2, "minute")
    try expect(":", before: "second")
    let second = try number(2, "second")
    guard hour < 24, minute < 60, second < 60 else {
      throw fail("the time \(hour):\(minute):\(second) does not exist")
    }
    var nanoseconds: Int64 = 0
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      var digits = 0
      var finer = false
      while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
        if digits < 9 {
          nanoseconds = nanoseconds * 10 + Int64(bytes[cursor] - UInt8(ascii: "0"))
        } else if bytes[cursor] != UInt8(ascii: "0") {
          finer = true
        }
        digits += 1
        cursor += 1
      }
      guard digits > 0 else { throw fail("a \".\" must be followed by fractional seconds") }
      // Truncating would move the instant earlier, so a record meant to go live a fraction of a
      // nanosecond after a build's time would already be live in it.
      guard !finer else {
        throw fail("it is finer than a nanosecond; write at most 9 fractional digits")
      }
      for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
    }
    guard cursor < bytes.count else {
      throw fail("it needs a time zone offset: add Z for UTC, or +02:00")
    }
    var offsetSeconds: Int64 = 0
    switch bytes[cursor] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      cursor += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let sign: Int64 = bytes[cursor] == UInt8(ascii: "-") ? -1 : 1
      cursor += 1
      let offsetHour = try number(2, "offset hour")
      try expect(":", before: "offset minute")
      let offsetMinute = try number(2, "offset minute")
      guard offsetHour < 24, offsetMinute < 60 else { throw fail("the offset does not exist") }
      offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
    default:
      throw fail("it needs a time zone offset: add Z for UTC, or +02:00")
    }
    guard cursor == bytes.count else { throw fail("unexpected text after the time zone") }
    self.init(
      seconds: midnight + hour * 3600 + minute * 60 + second - offsetSeconds,
      nanoseconds: Int32(nanoseconds))
  }

  /// Parses a timestamp, or returns nil when the text is not one.
  package init?(_ text: String) {
    guard let timestamp = try? Timestamp(parsing: text) else { return nil }
    self = timestamp
  }
}
