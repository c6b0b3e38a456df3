/// The exit statuses of DESIGN §4 (the usage and I/O values are sysexits.h's, as
/// swift-argument-parser uses).
package enum ExitStatus: Int32, Sendable {
  /// Success.
  case success = 0
  /// The content has errors.
  case contentErrors = 1
  /// The command line is wrong.
  case usage = 64
  /// A service did not answer or refused (a deploy's store): EX_UNAVAILABLE.
  case unavailable = 69
  /// A file could not be read or written, or the environment is wrong.
  case ioFailure = 74
  /// Another run changed what this one was changing (a second deploy): EX_TEMPFAIL, try again.
  case conflict = 75
}
