extension Timestamp {
  /// RFC 3339 in UTC, fractions only when present: `2026-03-01T07:30:00Z`.
  package var rfc3339: String {
    let secondOfDay = seconds - dayNumber * 86_400
    let civil = Timestamp.civil(days: dayNumber)
    // Written into a buffer on the stack, not by joining strings or growing an array: every page,
    // row and feed entry formats several. 64 bytes hold the widest: a 20-character year, then
    // `-MM-DDTHH:MM:SS.nnnnnnnnnZ`.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
      var count = 0
      func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
      }
      func put(_ value: Int64, digits width: Int) {
        var rest = value
        var place = count + width - 1
        while place >= count {
          buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
          place -= 1
        }
        count += width
      }
      if (0...9999).contains(civil.year) {
        put(civil.year, digits: 4)
        put(UInt8(ascii: "-"))
        put(civil.month, digits: 2)
        put(UInt8(ascii: "-"))
        put(civil.day, digits: 2)
      } else {
        // A year four digits cannot hold keeps the form `date` gives it.
        for byte in date.utf8 { put(byte) }
      }
      put(UInt8(ascii: "T"))
      put(secondOfDay / 3600, digits: 2)
      put(UInt8(ascii: ":"))
      put(secondOfDay / 60 % 60, digits: 2)
      put(UInt8(ascii: ":"))
      put(secondOfDay % 60, digits: 2)
      if nanoseconds > 0 {
        put(UInt8(ascii: "."))
        put(Int64(nanoseconds), digits: 9)
        while buffer[count - 1] == UInt8(ascii: "0") { count -= 1 }
      }
      put(UInt8(ascii: "Z"))
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// The UTC calendar date, `2026-03-01`.
  package var date: String {
    let civil = Timestamp.civil(days: dayNumber)
    return Self.pad(civil.year, 4) + "-" + Self.pad(civil.month, 2) + "-" + Self.pad(civil.day, 2)
  }

  /// The UTC calendar date as numbers: year, month (1 to 12) and day (1 to 31).
  package var calendarDate: (year: Int64, month: Int64, day: Int64) {
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
  package var description: String { rfc3339 }
}
