import HeraldCore
import HeraldFiles

/// What the build cache keeps for one file of the announcements folder: a record, or a
/// translation file's words.
protocol CachedFileValue: Sendable {
  /// Names the kind in cache keys, so that two kinds never share an entry.
  static var cacheKind: String { get }
  /// The value in the cache's byte form.
  var binary: [UInt8] { get }
  /// Reads a value back from its byte form; `key` is the fingerprint it was kept under.
  static func cached(_ bytes: UnsafeRawBufferPointer, key: Fingerprint) throws(BinaryFormatError)
    -> Self
  /// The value marked with the fingerprint it is kept under.
  func keyed(_ key: Fingerprint) -> Self
}

extension DecodedRecord: CachedFileValue {
  static let cacheKind = "record"

  static func cached(_ bytes: UnsafeRawBufferPointer, key: Fingerprint) throws(BinaryFormatError)
    -> DecodedRecord
  {
    try DecodedRecord(binary: bytes, key: key)
  }
}

/// The records and translations of a cache for one set of herald.yaml's record terms (both are
/// read in their light, so other terms are another set of entries).
struct CachedRecords: Sendable {
  let cache: any RecordCache
  /// The fingerprint of the terms (`RecordTerms`) records are read under.
  let terms: Fingerprint

  /// The value of a file whose metadata (`signature`, as just taken) is as it was when it was last
  /// read (`content`, from `SiteLoader.contents`), without reading it.
  func unchanged<Value: CachedFileValue>(
    file: String, signature: FileSignature?, content: Fingerprint?
  ) -> (Value, RecordFileState)? {
    guard let signature, let content else { return nil }
    let key = key(Value.self, file: file, content: content)
    guard let record: Value = kept(key) else { return nil }
    return (
      record, RecordFileState(file: file, signature: signature, content: content, record: key)
    )
  }

  /// The value of bytes just read: the kept one when the same bytes were parsed before, else
  /// `parse`'s, which is kept.
  func value<Value: CachedFileValue>(
    file: String, bytes: [UInt8], signature: FileSignature, parse: () -> Value
  ) -> (Value, RecordFileState) {
    let content = RecordKeys.content(bytes, hasher: cache.hasher())
    let key = key(Value.self, file: file, content: content)
    let state = RecordFileState(file: file, signature: signature, content: content, record: key)
    if let record: Value = kept(key) { return (record, state) }
    let record = parse().keyed(key)
    cache.keep(value: record, bytes: { record.binary }, for: key)
    return (record, state)
  }

  /// What a value is kept under: its kind, the file's path and bytes, and the record terms.
  private func key<Value: CachedFileValue>(_ kind: Value.Type, file: String, content: Fingerprint)
    -> Fingerprint
  {
    RecordKeys.value(
      kind: Value.cacheKind, file: file, content: content, terms: terms,
      hasher: cache.hasher())
  }

  private func kept<Value: CachedFileValue>(_ key: Fingerprint) -> Value? {
    if let whole = cache.value(key) as? Value { return whole }
    return cache.withEntry(key) { try? Value.cached($0, key: key) } ?? nil
  }
}
