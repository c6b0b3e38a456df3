/// Why a key or a signature could not be made or read.
///
/// No message ever holds key material.
package struct SigningError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, for a person.
  package let description: String
  /// How to fix it, when there is something to do.
  package let hint: String?

  /// Makes an error.
  package init(_ description: String, hint: String? = nil) {
    self.description = description
    self.hint = hint
  }
}
