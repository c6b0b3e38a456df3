import HeraldCore

/// The size rules of the documents apps read (DESIGN §3, "Bounded"): one over the clients' body
/// limit is an error, since a client that cannot read it fails open and every wall in it escapes;
/// one over `manifestBudget` (what a phone downloads each time it changes) is a warning.
///
/// `check` and `build` both apply it, to every edition's documents, before anything is written.
package enum ChannelBudget {
  /// The problems of the documents of these editions' manifests, each naming the document, its
  /// size, and the five records that weigh most in it; on herald.yaml, at `manifestBudget`.
  ///
  /// A document herald could not write at all is an error too (`DocumentError`), so `check`
  /// refuses what `build` would fail on.
  package static func diagnostics(_ editions: [ChannelManifests]) -> [Diagnostic] {
    editions.flatMap { edition -> [Diagnostic] in
      do throws(DocumentError) {
        return try edition.writer.documentSizes().compactMap {
          diagnostic(for: $0, config: edition.site.config)
        }
      } catch {
        return [error.diagnostic]
      }
    }
  }

  static func diagnostic(for document: ManifestWriter.DocumentSize, config: SiteConfig)
    -> Diagnostic?
  {
    let limit = ClientLimits.maximumBodySize
    let heaviest = document.rows.map { "\($0.id) (\(Self.size($0.bytes)))" }
    let weighs = heaviest.isEmpty ? "" : "its heaviest records: " + heaviest.joined(separator: ", ")
    if document.bytes > limit {
      return Diagnostic(
        file: SiteConfigDecoder.fileName, position: config.manifestBudgetPosition,
        code: .documentTooLarge,
        message: "\(document.path) would be \(Self.size(document.bytes)) (\(document.bytes)"
          + " bytes), over the \(Self.size(limit)) a client reads: \(document.readers) would"
          + " fail open, and no wall in it would show",
        hint: (weighs.isEmpty ? "" : weighs + "; ")
          + (document.rows.isEmpty
            ? "list fewer platforms, releases or locales"
            : "shorten their bodies, give old records an expiresAt, or narrow their ranges"))
    }
    guard document.bytes > config.manifestBudget else { return nil }
    return Diagnostic(
      file: SiteConfigDecoder.fileName, position: config.manifestBudgetPosition,
      severity: .warning, code: .documentOverBudget,
      message: "\(document.path) is \(Self.size(document.bytes)) (\(document.bytes) bytes), over"
        + " manifestBudget (\(Self.size(config.manifestBudget))): what a phone downloads each"
        + " time it changes",
      hint: (weighs.isEmpty ? "" : weighs + "; ")
        + "raise manifestBudget in herald.yaml if this is meant")
  }

  /// A size as people read it: `512 KB`, `5.2 MB`, `900 B` (powers of 1,000).
  static func size(_ bytes: Int) -> String { ByteSize.text(bytes) }
}
