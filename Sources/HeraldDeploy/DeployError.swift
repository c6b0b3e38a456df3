/// Why a deploy did not happen or stopped, as the command line reports it.
package enum DeployError: Error, Sendable, Equatable {
  /// The command was given something it cannot use (a bucket URL, an output folder): exit 64.
  case usage(String, hint: String?)
  /// The store or the network refused or failed: exit 69, nothing more is sent.
  case remote(String, hint: String?)
  /// Another deploy ran meanwhile (a 412 on a pointer): exit 75, nothing deleted.
  case conflict(String, hint: String?)
  /// A file could not be read or written: exit 74.
  case io(String, hint: String?)

  /// The message.
  package var message: String {
    switch self {
    case .usage(let text, _), .remote(let text, _), .conflict(let text, _), .io(let text, _): text
    }
  }

  /// The hint, if any.
  package var hint: String? {
    switch self {
    case .usage(_, let hint), .remote(_, let hint), .conflict(_, let hint), .io(_, let hint): hint
    }
  }
}
