/// The limits every client enforces on what it reads (docs/client-protocol.md §1), each one number
/// of the protocol: `conformance/limits.json` holds them, every client's tests compare their own
/// constants with it, and `herald check` refuses a channel a client would refuse.
package enum ClientLimits {
  /// The largest body a client reads, in bytes (after any content decoding): a larger document is
  /// a failure, and the app fails open.
  package static let maximumBodySize = 5_000_000
  /// The deepest nesting of arrays and objects a document may have.
  package static let maximumDepth = 64
  /// The longest a whole refresh may take by default, in seconds: one deadline for the index, a
  /// locale's index and the manifest together.
  package static let defaultTimeout = 10.0
  /// The shortest `remindAfter` a row may have, in seconds (an hour).
  ///
  /// A shorter one would bring a closed message back at once, a takeover nobody can close.
  /// `check` refuses it, and a row that has one is left out, as every unreadable row is.
  package static let minimumRemindAfter = 3600
  /// The longest `remindAfter` a row may have, in seconds (3,650 days).
  ///
  /// Every reader adds it to a mark's time exactly, and the sum stays a time it can write.
  package static let maximumRemindAfter = 315_360_000
  /// What a client asks for in `Accept-Encoding` (`conformance/transport.json`).
  package static let acceptEncoding = "gzip"
  /// The `Content-Encoding` labels a client reads, lowercased (no header is `identity`): any
  /// other is a failure before the body is read, whatever the platform could decode.
  package static let readableEncodings: Set<String> = ["gzip", "identity"]
}
