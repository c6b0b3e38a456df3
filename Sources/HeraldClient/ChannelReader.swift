import Foundation
import HeraldCore

/// Reads what an app of a platform and version receives from a channel (DESIGN §5.1–2): the
/// channel index, then the release's manifest, or `all.json` filtered by the build's rule for a
/// version without one; conditional requests against the cache; and, after any failure, the cached
/// copy for the archive only.
struct ChannelReader: Sendable {
  /// The channel's `api/v1/index.json`.
  let indexURL: URL
  /// The platform key.
  let platform: String
  /// How documents are fetched.
  let transport: any HeraldTransport
  /// Where documents are kept.
  let cache: any ManifestCache

  /// What a read gave.
  struct Outcome: Sendable {
    /// The rows, fresh or cached, or why there are none.
    let source: ManifestSource
    /// Which document the rows came from.
    let scope: ManifestDocument<ManifestRow>.Scope?
    /// The document's `nextChangeAt`.
    let nextChangeAt: Timestamp?
    /// The manifest response's `max-age`, if any.
    let maxAge: Int?
  }

  /// The index URL of a channel given by its base URL (`https://example.com/whats-new/`) or by
  /// its index document itself.
  static func indexURL(channel: URL) -> URL {
    channel.path.hasSuffix(".json") ? channel : channel.appending(path: "api/v1/index.json")
  }

  /// Reads the rows an app of a version decides from at a time.
  func read(version: Version, now: Timestamp, parsed: ParsedDocuments) async -> Outcome {
    let index = await fetch(indexURL)
    let channel: ChannelIndex
    switch (index.body.map(ChannelIndex.decode), index.failure) {
    case (.success(let decoded)?, _):
      channel = decoded
    case (.failure(let failure)?, _), (nil, let failure?):
      return Outcome(source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil)
    case (nil, nil):
      return Outcome(source: .unavailable(.notFetched), scope: nil, nextChangeAt: nil, maxAge: nil)
    }
    guard let platformInfo = channel.platforms[platform] else {
      let failure = FetchFailure.unreadable("the channel has no platform \(platform)")
      return Outcome(source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil)
    }
    let manifestURL =
      channel.release(platform: platform, version: version)?.manifest ?? platformInfo.all
    guard let url = URL(string: manifestURL, relativeTo: indexURL)?.absoluteURL else {
      let failure = FetchFailure.unreadable("the manifest URL \(manifestURL) is not a URL")
      return Outcome(source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil)
    }
    // A failed index still leaves its cached copy to find the manifest; only the manifest itself
    // decides whether the rows are fresh.
    let manifest = await fetch(url)
    var document: Result<ManifestDocument<ManifestRow>, FetchFailure>?
    if let body = manifest.body { document = await parsed.document(for: url, body: body) }
    switch (document, manifest.failure) {
    case (.success(let decoded)?, nil):
      return Outcome(
        source: .fresh(decoded.rows(for: version, now: now)), scope: decoded.scope,
        nextChangeAt: decoded.nextChangeAt, maxAge: manifest.maxAge)
    case (.success(let decoded)?, let failure):
      return Outcome(
        source: .cached(
          decoded.rows(for: version, now: now), failure ?? index.failure ?? .notFetched),
        scope: decoded.scope, nextChangeAt: decoded.nextChangeAt, maxAge: nil)
    case (.failure(let failure)?, _):
      return Outcome(source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil)
    case (nil, let failure):
      return Outcome(
        source: .unavailable(failure ?? .notFetched), scope: nil, nextChangeAt: nil, maxAge: nil)
    }
  }

  /// A document as fetched: its bytes (fresh, revalidated or cached) and whether they are fresh.
  struct Fetched: Sendable {
    let body: Data?
    let fresh: Bool
    let failure: FetchFailure?
    let maxAge: Int?
  }

  /// Fetches a document conditionally; 304 and failures fall back to the cached copy.
  private func fetch(_ url: URL) async -> Fetched {
    let cached = await cache.entry(for: url)
    let response = await transport.fetch(
      HeraldRequest(url: url, etag: cached?.etag, lastModified: cached?.lastModified))
    switch response {
    case .ok(let body, let etag, let lastModified, let maxAge):
      await cache.store(
        CachedDocument(body: body, etag: etag, lastModified: lastModified), for: url)
      return Fetched(body: body, fresh: true, failure: nil, maxAge: maxAge)
    case .notModified(let maxAge) where cached != nil:
      return Fetched(body: cached?.body, fresh: true, failure: nil, maxAge: maxAge)
    case .notModified:
      return Fetched(
        body: nil, fresh: false, failure: .unreadable("304 without a cached copy"), maxAge: nil)
    case .failed(let failure):
      return Fetched(body: cached?.body, fresh: false, failure: failure, maxAge: nil)
    }
  }
}

/// Manifests already parsed, by URL and bytes, so a 304 (the same bytes) costs no parse.
actor ParsedDocuments {
  private var parsed:
    [URL: (body: Data, document: Result<ManifestDocument<ManifestRow>, FetchFailure>)] =
      [:]

  /// The document for a URL's bytes, parsed once.
  func document(for url: URL, body: Data) -> Result<ManifestDocument<ManifestRow>, FetchFailure> {
    if let known = parsed[url], known.body == body { return known.document }
    let document = ManifestDocument<ManifestRow>.decode(body)
    parsed[url] = (body, document)
    return document
  }
}
