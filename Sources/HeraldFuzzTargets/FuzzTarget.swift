import HeraldCore

/// The fuzz targets: each reads arbitrary bytes as one of herald's inputs, must return without
/// crashing, and checks properties that must hold for every input (a failed `precondition` is a
/// finding, which libFuzzer reports with the input).
///
/// The same code runs under libFuzzer (`make fuzz`) and replays the stored seeds and every crash
/// ever found in the test suite (`FuzzRegressionTests`).
package enum FuzzTarget: String, CaseIterable, Sendable {
  /// A Markdown record: front matter split, YAML, typing and rules, Markdown body.
  case record
  /// A JSON record, through herald's positioned JSON reader.
  case json
  /// A Markdown body alone, then its HTML.
  case markdown
  /// Versions and timestamps: parsing, ordering, canonical names, formatting.
  case versions
  /// A Mustache template and a partial: parsing, then rendering.
  case mustache
  /// An `actionUrl` value and a body link.
  case actionURL = "action-url"
  /// A herald.yaml.
  case config
  /// A document as a client reads it (a manifest or a channel index), through the strict rule.
  case document
  /// A signed channel's `signed.json`, through the order an app checks it in.
  case statement

  /// Runs one input through the target.
  package func run(_ bytes: [UInt8]) {
    switch self {
    case .record: Self.record(bytes)
    case .json: Self.json(bytes)
    case .markdown: Self.markdown(bytes)
    case .versions: Self.versions(bytes)
    case .mustache: Self.mustache(bytes)
    case .actionURL: Self.actionURL(bytes)
    case .config: Self.config(bytes)
    case .document: Self.document(bytes)
    case .statement: Self.statement(bytes)
    }
  }

  /// The configuration records are checked against: two platforms with releases and store URLs,
  /// and a deep-link scheme, so the platform and wall rules all run.
  static let siteConfig: SiteConfig = {
    var config = SiteConfig(
      title: "Fuzz", baseURL: "https://fuzz.example/", author: "Fuzz",
      platforms: [
        PlatformSettings(
          key: "ios", store: "https://apps.example/fuzz",
          releases: ["1.8.0", "1.9.0", "1.10.0", "2.0.0"].compactMap(Version.init)),
        PlatformSettings(key: "android", releases: ["1.9.0", "2.0.0"].compactMap(Version.init)),
      ], deepLinkSchemes: ["fuzz"])
    // Several locales, so that translations (inline and in their own files) are read too.
    config.locales = ["en", "de", "fr-CA"]
    return config
  }()

  /// The text of the bytes when they are UTF-8 (herald reads only UTF-8 text).
  static func text(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }

  /// Every diagnostic names the file and a position inside it (lines counted as herald counts).
  static func checkPositions(_ diagnostics: [Diagnostic], file: String, lineCount: Int) {
    for diagnostic in diagnostics {
      precondition(diagnostic.file == file, "a diagnostic names another file: \(diagnostic)")
      precondition(diagnostic.line >= 1 && diagnostic.column >= 1, "no position: \(diagnostic)")
      precondition(diagnostic.line <= lineCount + 1, "a line past the end: \(diagnostic)")
      precondition(!diagnostic.description.contains("\n::"), "a line can start a command")
    }
  }

  /// The number of lines herald counts in a text (LF, CRLF and a lone CR each end one).
  static func lineCount(_ bytes: [UInt8]) -> Int {
    var lines = 1
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == 13 || (byte == 10 && previous != 13) { lines += 1 }
      previous = byte
    }
    return lines
  }
}
