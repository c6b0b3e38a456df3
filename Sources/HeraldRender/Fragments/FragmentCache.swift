import HeraldCore

/// Fragments kept from an earlier build (manifest rows), addressed by keyed fingerprints of
/// everything they were made from.
package protocol FragmentCache: Sendable {
  /// A keyed hasher.
  func hasher() -> SipHasher
  /// Reads the bytes kept under a fingerprint, without copying them.
  func withEntry<Value>(_ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value)
    -> Value?
  /// Keeps bytes under a fingerprint.
  func keep(_ bytes: [UInt8], for fingerprint: Fingerprint)
}

/// How a render reuses an earlier build's work: the cache, and the fingerprints of the inputs that
/// are not in the render's own values (herald.yaml's bytes, the theme's files).
package struct RenderCaching: Sendable {
  /// Where fragments are kept.
  package let cache: any FragmentCache
  /// The fingerprint of herald.yaml.
  package let configuration: Fingerprint
  /// Which herald renders (its version and its executable), so another herald renders afresh.
  package let identity: String

  /// Makes the caching of a render.
  package init(cache: any FragmentCache, configuration: Fingerprint, identity: String) {
    self.cache = cache
    self.configuration = configuration
    self.identity = identity
  }
}
