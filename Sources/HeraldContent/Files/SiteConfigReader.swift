import HeraldCore

/// Reads herald.yaml's bytes into a configuration.
package enum SiteConfigReader {
  /// Decodes herald.yaml, reporting syntax problems and every rule of DESIGN §2.
  package static func read(_ bytes: [UInt8]) -> SiteConfigDecoder.Result {
    let file = SiteConfigDecoder.fileName
    let text: String
    switch SourceText.decode(bytes, file: file) {
    case .success(let source): text = source.text
    case .failure(let error):
      return SiteConfigDecoder.Result(config: nil, diagnostics: [error.diagnostic])
    }
    switch YAMLReader.read(text, file: file) {
    case .success(let root):
      return SiteConfigDecoder().decode(root ?? SourceNode(.mapping([]), at: .start))
    case .failure(let error):
      return SiteConfigDecoder.Result(config: nil, diagnostics: [error.diagnostic])
    }
  }
}
