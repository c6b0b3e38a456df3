import HeraldCore
import HeraldFiles

/// The records of a cache for one configuration of a site (records are read in the light of
/// herald.yaml, so another herald.yaml is another set of entries).
struct CachedRecords: Sendable {
  let cache: any RecordCache
  /// The fingerprint of herald.yaml.
  let configuration: Fingerprint

  /// The record of a file whose metadata is as it was when it was last read, without reading it.
  func unchanged(file: String, path: String) -> (DecodedRecord, RecordFileState)? {
    guard let signature = FileSignature.of(path),
      let content = cache.fingerprint(file: file, signature: signature)
    else { return nil }
    let key = key(file: file, content: content)
    guard let record = kept(key) else { return nil }
    return (
      record, RecordFileState(file: file, signature: signature, content: content, record: key)
    )
  }

  /// The record of bytes just read: the kept one when the same bytes were parsed before, else
  /// `parse`'s, which is kept.
  func record(
    file: String, bytes: [UInt8], signature: FileSignature, parse: () -> DecodedRecord
  ) -> (DecodedRecord, RecordFileState) {
    var hasher = cache.hasher()
    hasher.combine("file")
    hasher.combine(bytes)
    let content = hasher.finalize()
    let key = key(file: file, content: content)
    let state = RecordFileState(file: file, signature: signature, content: content, record: key)
    if let record = kept(key) { return (record, state) }
    let record = parse().keyed(key)
    cache.keep(record.binary, for: key)
    return (record, state)
  }

  /// What a record is kept under: the file's path and bytes, and herald.yaml.
  private func key(file: String, content: Fingerprint) -> Fingerprint {
    var hasher = cache.hasher()
    hasher.combine("record")
    hasher.combine(file)
    hasher.combine(content)
    hasher.combine(configuration)
    return hasher.finalize()
  }

  private func kept(_ key: Fingerprint) -> DecodedRecord? {
    cache.withEntry(key) { try? DecodedRecord(binary: $0, key: key) } ?? nil
  }
}
