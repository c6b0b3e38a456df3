import CCrypto

/// libcrypto, set up once before its first use in the process, without its exit-time cleanup.
///
/// By default libcrypto frees its locks in an `atexit` handler; a thread of an app still hashing
/// a document (a refresh under way) while the process exited then crashed on a freed lock (the
/// app package's run, once in a CI run).
enum LibcryptoSetup {
  /// Whether the set-up succeeded; reading it sets libcrypto up.
  static let isReady: Bool = herald_crypto_init() == 1
}
