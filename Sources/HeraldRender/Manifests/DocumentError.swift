import HeraldCore

/// A document apps read that herald could not write: a value its encoder refuses (a time outside
/// the years apps read, say).
///
/// Never written as `null` in its place (apps would read the bug): `check` reports it at the
/// record's file, and a build stops with nothing written.
package struct DocumentError: Error, Sendable, CustomStringConvertible {
  /// The document (`api/v1/ios/1.0.0.json`), or the record's row (`the row of tour for ios`).
  package let what: String
  /// The record's file, when a record's row failed.
  package let file: String?
  /// Why the encoder refused it.
  package let reason: String

  /// The message for standard error.
  package var description: String { "herald could not write \(what): \(reason)" }

  /// The problem as `check` reports it, at the record's file (or herald.yaml).
  package var diagnostic: Diagnostic {
    Diagnostic(
      file: file ?? SiteConfigDecoder.fileName, position: SourcePosition(line: 1, column: 1),
      code: .documentUnwritable, message: description,
      hint: "this is a bug in herald: please report it with the record")
  }
}
