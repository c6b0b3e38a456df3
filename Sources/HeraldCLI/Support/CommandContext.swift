import Foundation
import HeraldCore

/// What every command gets besides its arguments: where to write and the process environment.
struct CommandContext: Sendable {
  /// Where output goes.
  let console: Console
  /// The environment variables (`SOURCE_DATE_EPOCH`, `TZ`…).
  let environment: [String: String]

  /// The machine's clock, to the second.
  func clock() -> Timestamp {
    Timestamp(seconds: Int64(Date().timeIntervalSince1970.rounded(.down)))
  }

  /// The time the command runs at: `--now`, else `SOURCE_DATE_EPOCH`, else the clock.
  func now(_ option: Timestamp?) throws(UsageError) -> Timestamp {
    if let option { return option }
    if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
      guard let seconds = Int64(epoch) else {
        throw UsageError(
          message: "SOURCE_DATE_EPOCH \"\(epoch)\" is not a whole number of seconds")
      }
      return Timestamp(seconds: seconds)
    }
    return clock()
  }

  /// The site folder from `--site`, and the prefix that makes site paths relative to here.
  func site(_ option: String?) -> (directory: String, pathPrefix: String) {
    guard var directory = option, !directory.isEmpty, directory != "." else { return (".", "") }
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    return (directory, directory + "/")
  }
}
