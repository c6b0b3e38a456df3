/// A mistake on the command line (exit status 64).
struct UsageError: Error, Sendable, Equatable {
  /// What is wrong.
  let message: String
  /// How to fix it, such as a suggestion for a mistyped flag.
  var hint: String?
}
