/// The stable name of a kind of problem, printed in brackets after the message (`[range-inverted]`).
///
/// Each module declares the codes it reports in an extension, so the names stay next to the rules.
package struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The kebab-case name.
  package let name: String

  /// Makes a code from its kebab-case name.
  package init(_ name: String) { self.name = name }

  /// The kebab-case name.
  package var description: String { name }

  /// Orders codes by name.
  package static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
    lhs.name < rhs.name
  }
}
