import HeraldCore
import HeraldFiles

/// Records kept from an earlier run, so a file whose metadata did not change is neither read nor
/// parsed again, and one whose bytes did not change is not parsed again.
package protocol RecordCache: Sendable {
  /// A keyed hasher, for the fingerprints of files' bytes.
  func hasher() -> SipHasher
  /// Each file's fingerprint, when its signature (nil: none was taken) is what it was when the
  /// fingerprint was taken; the files come in path order, as a listing gives them.
  func fingerprints(files: [String], signatures: [FileSignature?]) -> [Fingerprint?]
  /// Reads the bytes kept under a fingerprint, without copying them.
  func withEntry<Value>(_ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value)
    -> Value?
  /// Keeps bytes under a fingerprint.
  func keep(_ bytes: [UInt8], for fingerprint: Fingerprint)
  /// Starts reading what the cache holds, for a load of the whole site that will ask for it.
  func startReading()
  /// A value this process kept whole under a fingerprint (serve's cache keeps parsed records so,
  /// and decodes none of them again); nil where only bytes are kept.
  func value(_ fingerprint: Fingerprint) -> (any Sendable)?
  /// Keeps a value just made: whole, where the cache lives in memory, else its bytes.
  func keep(value: any Sendable, bytes: () -> [UInt8], for fingerprint: Fingerprint)
}

extension RecordCache {
  /// Nothing to start: the cache is read as it is asked.
  package func startReading() {}

  /// Only bytes are kept.
  package func value(_ fingerprint: Fingerprint) -> (any Sendable)? { nil }

  /// Keeps the value's bytes.
  package func keep(value: any Sendable, bytes: () -> [UInt8], for fingerprint: Fingerprint) {
    keep(bytes(), for: fingerprint)
  }

  /// The bytes kept under a fingerprint, copied.
  package func entry(_ fingerprint: Fingerprint) -> [UInt8]? {
    withEntry(fingerprint) { Array($0) }
  }
}

/// A record file as this run found it: what the cache records for the next run.
package struct RecordFileState: Sendable {
  /// The file's path relative to the site.
  package let file: String
  /// Its metadata when read (or found unchanged).
  package let signature: FileSignature
  /// The fingerprint of its bytes.
  package let content: Fingerprint
  /// The fingerprint its record is kept under.
  package let record: Fingerprint
}
