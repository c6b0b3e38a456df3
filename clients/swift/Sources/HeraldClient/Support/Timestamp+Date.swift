import Foundation
import HeraldProtocol

extension Timestamp {
  /// The instant of a Foundation date (to the nanosecond a `Date` holds).
  package init(date: Date) {
    let interval = date.timeIntervalSince1970
    let seconds = interval.rounded(.down)
    self.init(
      seconds: Int64(seconds), nanoseconds: Int32(min(999_999_999, (interval - seconds) * 1e9)))
  }

  /// The instant as a Foundation date.
  package var foundationDate: Date {
    Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1e9)
  }
}
