/// A place in a file: line and column, both counted from 1 over the whole file, columns in characters.
package struct SourcePosition: Sendable, Hashable, Comparable {
  /// The line, counted from 1.
  package let line: Int
  /// The column, counted from 1 in Unicode scalars.
  package let column: Int

  /// Makes a position from a line and column counted from 1.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The start of a file, for problems that concern the file as a whole.
  package static let start = SourcePosition(line: 1, column: 1)

  /// Orders positions as they occur in the file.
  package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
