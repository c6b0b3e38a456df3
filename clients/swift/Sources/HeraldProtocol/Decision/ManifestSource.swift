import Foundation

/// What an app has in hand when it decides (DESIGN §5.2): only a manifest fetched or revalidated
/// in this launch may interrupt; a cached one serves the archive and the badge; nothing shows
/// nothing.
package enum ManifestSource: Sendable, Hashable {
  /// Fetched (200) or revalidated (304) in this launch: anything may show, a wall included.
  case fresh([ManifestRow])
  /// Cached from an earlier launch, after this launch's fetch failed: archive and badge only.
  case cached([ManifestRow], FetchFailure)
  /// Nothing: the fetch failed and nothing is cached.
  case unavailable(FetchFailure)

  /// The rows the app has, fresh or cached.
  package var rows: [ManifestRow] {
    switch self {
    case .fresh(let rows), .cached(let rows, _): return rows
    case .unavailable: return []
    }
  }

  /// Why the last fetch failed, if it did.
  package var failure: FetchFailure? {
    switch self {
    case .fresh: return nil
    case .cached(_, let failure), .unavailable(let failure): return failure
    }
  }
}

/// Why a fetch gave no manifest; every one of them fails open.
package enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// No connection: DNS, refused, reset, offline.
  case network(String)
  /// The exchange took longer than the client's timeout.
  case timedOut
  /// A status other than 200 and 304.
  case status(Int)
  /// A body that is not the expected JSON document.
  case unreadable(String)
  /// A `schemaVersion` this library does not read.
  case unknownSchema(Int)
  /// A body over the size limit.
  case tooLarge(Int)
  /// Nothing was fetched yet.
  case notFetched
  /// A signed channel's statement or a document under it was not believed (DESIGN §9).
  case statement(StatementFailure)

  /// A short name for scripts: `network`, `timed-out`, `status`, `unreadable`, `unknown-schema`,
  /// `too-large`, `not-fetched`.
  package var code: String {
    switch self {
    case .network: return "network"
    case .timedOut: return "timed-out"
    case .status: return "status"
    case .unreadable: return "unreadable"
    case .unknownSchema: return "unknown-schema"
    case .tooLarge: return "too-large"
    case .notFetched: return "not-fetched"
    case .statement(let failure): return failure.code
    }
  }

  /// The failure as a reader says it.
  package var description: String {
    switch self {
    case .network(let reason): return "the request failed: \(reason)"
    case .timedOut: return "the request timed out"
    case .status(let status): return "the server answered \(status)"
    case .unreadable(let reason): return "the answer is not a manifest: \(reason)"
    case .unknownSchema(let version): return "schemaVersion \(version) is not one this app reads"
    case .tooLarge(let limit): return "the answer is over the \(limit)-byte limit"
    case .notFetched: return "nothing was fetched yet"
    case .statement(let failure): return failure.description
    }
  }
}

extension ManifestDocument where Row == ManifestRow {
  /// Reads a manifest's bytes as an app does; the error says why it is not one.
  package static func decode(_ data: Data) -> Result<ManifestDocument, FetchFailure> {
    decodeDocument(data)
  }

  /// The rows an app of a version decides from: a release's manifest as it is; `live.json`
  /// filtered by the rule the build applies (published, not expired, range holds), so a version
  /// without a manifest (a hotfix, an unlisted build) gets exactly what a listed one would.
  package func rows(for version: Version, now: Timestamp) -> [ManifestRow] {
    switch scope {
    case .release:
      return announcements
    case .live:
      return announcements.filter {
        ManifestExclusion.reason(
          for: $0, platform: platform, version: version, now: now, includeDrafts: true) == nil
      }
    }
  }
}

extension ChannelIndex {
  /// Reads the channel's bytes as an app does; the error says why it is not one.
  package static func decode(_ data: Data) -> Result<ChannelIndex, FetchFailure> {
    decodeDocument(data)
  }
}

/// Decodes a herald document, telling an unknown schema version from a body that is not one.
private func decodeDocument<Document: Decodable>(_ data: Data) -> Result<Document, FetchFailure> {
  // Bytes that JSON parsers read differently are no document for any client (DocumentBytes).
  if let problem = DocumentBytes.problem(in: data) { return .failure(.unreadable(problem)) }
  do {
    return .success(try JSONDecoder().decode(Document.self, from: data))
  } catch {
    if let version = try? JSONDecoder().decode(SchemaVersionOnly.self, from: data),
      version.schemaVersion != ManifestDocument<ManifestRow>.currentSchemaVersion
    {
      return .failure(.unknownSchema(version.schemaVersion))
    }
    return .failure(.unreadable(String(describing: error).prefix(200).description))
  }
}

/// The one field every herald document has, read to tell a newer shape from a broken one.
private struct SchemaVersionOnly: Decodable {
  let schemaVersion: Int
}
