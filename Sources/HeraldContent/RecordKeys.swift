import HeraldCore

/// The fingerprints a cache keeps a site's files under, made in one place: herald.yaml's, its
/// record terms, a record file's bytes, and what a parsed file is kept under.
package enum RecordKeys {
  /// The fingerprint of herald.yaml's bytes.
  package static func configuration(_ bytes: [UInt8], hasher: SipHasher) -> Fingerprint {
    var hasher = hasher
    hasher.combine("herald.yaml")
    hasher.combine(bytes)
    return hasher.finalize()
  }

  /// The fingerprint of the terms records are read under (nil: herald.yaml could not be read).
  package static func terms(_ terms: RecordTerms?, hasher: SipHasher) -> Fingerprint {
    var hasher = hasher
    if let terms {
      terms.combine(into: &hasher)
    } else {
      hasher.combine("no record terms")
    }
    return hasher.finalize()
  }

  /// The fingerprint of a record or translation file's bytes.
  package static func content(_ bytes: [UInt8], hasher: SipHasher) -> Fingerprint {
    var hasher = hasher
    hasher.combine("file")
    hasher.combine(bytes)
    return hasher.finalize()
  }

  /// What a value read from a file is kept under: its kind, the file's path and bytes, and the
  /// record terms; a record's is also the key its announcement carries.
  package static func value(
    kind: String, file: String, content: Fingerprint, terms: Fingerprint,
    hasher: SipHasher
  ) -> Fingerprint {
    var hasher = hasher
    hasher.combine(kind)
    hasher.combine(file)
    hasher.combine(content)
    hasher.combine(terms)
    return hasher.finalize()
  }

  /// What a record read from a file is kept under (`value` of the kind "record").
  package static func record(
    file: String, content: Fingerprint, terms: Fingerprint, hasher: SipHasher
  ) -> Fingerprint {
    value(
      kind: DecodedRecord.cacheKind, file: file, content: content, terms: terms,
      hasher: hasher)
  }
}
