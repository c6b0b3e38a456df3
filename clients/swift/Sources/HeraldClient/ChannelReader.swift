import Foundation
import HeraldProtocol

/// Reads what an app of a platform and version receives from a channel (DESIGN §5.1–2): the
/// channel index, then the release's manifest, or `live.json` filtered by the build's rule for a
/// version without one; conditional requests against the cache; and, after any failure, the cached
/// copy for the archive only.
struct ChannelReader: Sendable {
  /// The channel's `api/v1/index.json`.
  let indexURL: URL
  /// The platform key.
  let platform: String
  /// The user's languages, most preferred first.
  let languages: [String]
  /// How documents are fetched.
  let transport: any HeraldTransport
  /// Where documents are kept.
  let store: ClientStore
  /// How long a whole read may take, in seconds.
  let timeout: TimeInterval
  /// The keys the app pins, when the channel is signed (DESIGN §9).
  var trust: ChannelTrust?

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
    /// The locale of the rows' words.
    let locale: String?
  }

  /// The index URL of a channel given by its base URL (`https://example.com/whats-new/`) or by
  /// its index document itself.
  static func indexURL(channel: URL) -> URL {
    channel.path.hasSuffix(".json") ? channel : channel.appending(path: "api/v1/index.json")
  }

  /// Reads the rows an app of a version decides from at a time, within one deadline.
  func read(version: Version, now: Timestamp, parsed: ParsedDocuments) async -> Outcome {
    // An infinite timeout (no network to wait for) is a deadline a century away.
    let deadline = ContinuousClock.now + .milliseconds(Int(min(max(0, timeout), 3e9) * 1000))
    return await read(version: version, now: now, parsed: parsed, until: deadline)
  }

  private func read(
    version: Version, now: Timestamp, parsed: ParsedDocuments,
    until deadline: ContinuousClock.Instant
  ) async -> Outcome {
    // A signed channel's statement comes first: every document after it is checked against it.
    var signed: SignedRead?
    if let trust {
      switch await readStatement(trust, now: now, until: deadline) {
      case .success(let read): signed = read
      case .failure(let failure):
        return Outcome(
          source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil, locale: nil)
      }
    }
    // A failed index still leaves its cached copy to find the manifest; only the manifest itself
    // decides whether the rows are fresh.
    let index = await fetch(indexURL, until: deadline) { body in
      signed?.problem(body, at: indexURL).map { .failure($0) } ?? ChannelIndex.decode(body)
    }
    guard let rootChannel = index.document else {
      return Outcome(
        source: .unavailable(index.failure ?? .notFetched), scope: nil, nextChangeAt: nil,
        maxAge: nil, locale: nil)
    }
    let root = Pointer(
      channel: rootChannel, url: indexURL, isFresh: index.failure == nil, maxAge: index.maxAge)
    let pointer = await edition(of: root, signed: signed, until: deadline)
    let channel = pointer.channel
    func unavailable(_ failure: FetchFailure) -> Outcome {
      Outcome(
        source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil,
        locale: channel.language)
    }
    guard let platformInfo = channel.platforms[platform] else {
      return unavailable(.unreadable("the channel has no platform \(platform)"))
    }
    let release = channel.release(platform: platform, version: version)
    let manifestURL = release?.manifest ?? platformInfo.live
    guard let url = URL(string: manifestURL, relativeTo: pointer.url)?.absoluteURL else {
      return unavailable(.unreadable("the manifest URL \(manifestURL) is not a URL"))
    }
    let readManifest = { (body: Data) -> Result<ManifestDocument<ManifestRow>, FetchFailure> in
      if let problem = signed?.problem(body, at: url) { return .failure(problem) }
      // Another platform's manifest (a misrouted path, a hand-edited channel) carries that
      // platform's store links: a failure, which the cached copy, if any, stands in for.
      return await parsed.document(for: url, body: body).flatMap { document in
        document.platform == platform
          ? .success(document)
          : .failure(.unreadable("the manifest is for \(document.platform), not \(platform)"))
      }
    }
    // A fresh index that names the document's content-addressed copy (DESIGN §3) is read through
    // it: the copy the app holds, when its bytes are the object's, is the document and is never
    // asked for again; any other is fetched once and checked against its hash. A cached index
    // (this read's failed) goes by the canonical URL, whose revalidation decides freshness.
    let object = pointer.isFresh ? (release.map { $0.object } ?? platformInfo.liveObject) : nil
    let objectURL = object.flatMap { URL(string: $0.url, relativeTo: pointer.url)?.absoluteURL }
    let manifest: Fetched<ManifestDocument<ManifestRow>>
    if let object, let objectURL {
      manifest = await fetchObject(
        object, at: objectURL, keptAs: url, maxAge: pointer.maxAge, until: deadline,
        read: readManifest)
    } else {
      manifest = await fetch(url, until: deadline, read: readManifest)
    }
    guard let document = manifest.document else {
      return unavailable(manifest.failure ?? .notFetched)
    }
    let rows = document.rows(for: version, now: now)
    // Under a statement that was not believed this time (its cached one stood in), or a wall
    // without a wall key's signature, the rows are the archive's and the badge's only.
    if let signed, let failure = signed.failure ?? signed.wallProblem(rows) {
      return Outcome(
        source: .cached(rows, failure), scope: document.scope,
        nextChangeAt: document.nextChangeAt, maxAge: nil, locale: channel.language)
    }
    if let failure = manifest.failure {
      return Outcome(
        source: .cached(rows, failure), scope: document.scope,
        nextChangeAt: document.nextChangeAt, maxAge: nil, locale: channel.language)
    }
    return Outcome(
      source: .fresh(rows), scope: document.scope, nextChangeAt: document.nextChangeAt,
      maxAge: manifest.maxAge, locale: channel.language)
  }

  /// The channel an app reads the rows through: the index in the user's locale, where it is,
  /// whether it was fetched or revalidated in this read, and its `max-age`.
  struct Pointer: Sendable {
    let channel: ChannelIndex
    let url: URL
    let isFresh: Bool
    let maxAge: Int?
  }

  /// The channel in the locale the user's languages reach (DESIGN §6): the root channel itself
  /// for its default locale, or for a one-language channel.
  ///
  /// A locale's channel that cannot be read (and has no cached copy) falls back to the root's,
  /// in the default locale: a wall in the default language still protects, where none would not.
  private func edition(
    of root: Pointer, signed: SignedRead?, until deadline: ContinuousClock.Instant
  ) async -> Pointer {
    let rootPointer = root
    guard let locales = root.channel.locales else { return rootPointer }
    let locale = LocaleChain.edition(
      for: languages, available: locales.map(\.locale), defaultLocale: root.channel.language)
    guard locale != root.channel.language,
      let entry = locales.first(where: { $0.locale == locale }),
      let url = URL(string: entry.index, relativeTo: indexURL)?.absoluteURL
    else { return rootPointer }
    let localized = await fetch(url, until: deadline) { body in
      signed?.problem(body, at: url).map { .failure($0) } ?? ChannelIndex.decode(body)
    }
    guard let channel = localized.document else { return rootPointer }
    return Pointer(
      channel: channel, url: url, isFresh: localized.failure == nil, maxAge: localized.maxAge)
  }

  /// A signed channel's statement as read, and what every document is checked against.
  struct SignedRead: Sendable {
    /// The statement that held: this read's, or the cached one when this read's failed.
    let verified: ChannelTrust.Verified
    /// Why this read's statement was not believed, when the cached one stands in.
    let failure: FetchFailure?
    /// The folder of the channel's index (`…/api/v1/`), which the statement's paths start from.
    let folder: String

    /// Why a document's bytes are not the ones the statement lists at its URL, if they are not.
    func problem(_ body: Data, at url: URL) -> FetchFailure? {
      let text = url.absoluteString
      let path = text.hasPrefix(folder) ? "api/v1/" + text.dropFirst(folder.count) : text
      return ChannelTrust.problem(
        document: body, path: path, in: verified.statement, crypto: PlatformCrypto()
      ).map(FetchFailure.statement)
    }

    /// The failure of rows holding a wall that no pinned wall key signed, if they do.
    func wallProblem(_ rows: [ManifestRow]) -> FetchFailure? {
      ChannelTrust.problem(rows: rows, under: verified).map(FetchFailure.statement)
    }
  }

  /// Reads `signed.json` beside the index and checks it (DESIGN §9).
  ///
  /// A statement that holds raises the highest generation kept. A cached statement that still
  /// holds stands in for one that fails, with its failure; a missing one (404) is a `signature`
  /// failure.
  private func readStatement(
    _ trust: ChannelTrust, now: Timestamp, until deadline: ContinuousClock.Instant
  ) async -> Result<SignedRead, FetchFailure> {
    let folder = indexURL.deletingLastPathComponent()
    let url = folder.appending(path: "signed.json")
    let highest = await store.highestGeneration(channel: trust.channel)
    let read = await fetch(url, until: deadline) { body in
      trust.verify(body, highestGeneration: highest, now: now, crypto: PlatformCrypto())
        .mapError(FetchFailure.statement)
    }
    var failure = read.failure
    if case .status(404) = failure {
      failure = .statement(.signature("the channel has no signed.json (404)"))
    }
    guard let verified = read.document else { return .failure(failure ?? .notFetched) }
    if failure == nil {
      await store.accept(generation: verified.statement.generation, channel: trust.channel)
    }
    return .success(
      SignedRead(verified: verified, failure: failure, folder: folder.absoluteString))
  }

  /// A document as read: fresh (fetched or revalidated), or the cached copy and why it is not
  /// fresh, or nothing and why.
  struct Fetched<Document: Sendable>: Sendable {
    let document: Document?
    let failure: FetchFailure?
    let maxAge: Int?
  }

  /// Reads a document through its content-addressed copy (DESIGN §3), kept under its canonical
  /// URL.
  ///
  /// The copy held, when its bytes are the object's, is read without a request (fresh, under the
  /// index's `max-age`); else the object is fetched without validators and refused unless its
  /// bytes are the ones the index names. A failure falls back to the copy held, as cached.
  private func fetchObject<Document: Sendable>(
    _ object: ChannelIndex.DocumentObject, at objectURL: URL, keptAs url: URL, maxAge: Int?,
    until deadline: ContinuousClock.Instant, read: (Data) async -> Result<Document, FetchFailure>
  ) async -> Fetched<Document> {
    let crypto = PlatformCrypto()
    let held = await store.document(for: url)?.body
    if let held, object.holds(Array(held), crypto: crypto),
      case .success(let document) = await read(held)
    {
      return Fetched(document: document, failure: nil, maxAge: maxAge)
    }
    func fallback(_ failure: FetchFailure) async -> Fetched<Document> {
      guard let held, case .success(let document) = await read(held) else {
        return Fetched(document: nil, failure: failure, maxAge: nil)
      }
      return Fetched(document: document, failure: failure, maxAge: nil)
    }
    let response = await Deadline.fetch(
      HeraldRequest(url: objectURL, etag: nil, lastModified: nil), through: transport,
      until: deadline)
    switch response {
    case .ok(let body, _, _, _):
      guard object.holds(Array(body), crypto: crypto) else {
        return await fallback(
          .unreadable("the object's bytes are not the SHA-256 the channel names"))
      }
      switch await read(body) {
      case .success(let document):
        await store.keep(
          ClientStore.CachedDocument(body: body, etag: nil, lastModified: nil), for: url)
        return Fetched(document: document, failure: nil, maxAge: maxAge)
      case .failure(let failure):
        return await fallback(failure)
      }
    case .notModified:
      // Asked without validators, a 304 is no answer.
      return await fallback(.unreadable("304 for a request without validators"))
    case .failed(let failure):
      return await fallback(failure.fetchFailure)
    }
  }

  /// Fetches a document conditionally and reads it.
  ///
  /// A body is cached only once it reads as the document, so a broken answer never replaces the
  /// last good copy; a 304 reads the cached copy as fresh, and every failure falls back to it as
  /// cached.
  private func fetch<Document: Sendable>(
    _ url: URL, until deadline: ContinuousClock.Instant,
    read: (Data) async -> Result<Document, FetchFailure>
  ) async -> Fetched<Document> {
    let cached = await store.document(for: url)
    let cachedBody = cached?.body
    func fallback(_ failure: FetchFailure) async -> Fetched<Document> {
      guard let cachedBody, case .success(let document) = await read(cachedBody) else {
        return Fetched(document: nil, failure: failure, maxAge: nil)
      }
      return Fetched(document: document, failure: failure, maxAge: nil)
    }
    let response = await Deadline.fetch(
      HeraldRequest(url: url, etag: cached?.etag, lastModified: cached?.lastModified),
      through: transport, until: deadline)
    switch response {
    case .ok(let body, let etag, let lastModified, let maxAge):
      switch await read(body) {
      case .success(let document):
        await store.keep(
          ClientStore.CachedDocument(body: body, etag: etag, lastModified: lastModified), for: url)
        return Fetched(document: document, failure: nil, maxAge: maxAge)
      case .failure(let failure):
        return await fallback(failure)
      }
    case .notModified(let maxAge):
      guard let cachedBody, case .success(let document) = await read(cachedBody) else {
        return Fetched(
          document: nil, failure: .unreadable("304 without a cached copy"), maxAge: nil)
      }
      return Fetched(document: document, failure: nil, maxAge: maxAge)
    case .failed(let failure):
      return await fallback(failure.fetchFailure)
    }
  }
}

/// Manifests already parsed, by URL and bytes, so a 304 (the same bytes) costs no parse; shared
/// by the many decisions `herald serve --compose` makes over one channel, each is parsed once.
package actor ParsedDocuments {
  /// An empty cache.
  package init() {}

  private var parsed:
    [URL: (body: Data, document: Result<ManifestDocument<ManifestRow>, FetchFailure>)] =
      [:]

  /// The document for a URL's bytes, parsed once (outside the actor, so that clients sharing
  /// the cache parse different documents at once).
  nonisolated package func document(for url: URL, body: Data) async
    -> Result<ManifestDocument<ManifestRow>, FetchFailure>
  {
    if let known = await known(url, body) { return known }
    let document = ManifestDocument<ManifestRow>.decode(body)
    await keep(document, url: url, body: body)
    return document
  }

  private func known(_ url: URL, _ body: Data) -> Result<
    ManifestDocument<ManifestRow>, FetchFailure
  >? {
    guard let known = parsed[url], known.body == body else { return nil }
    return known.document
  }

  private func keep(
    _ document: Result<ManifestDocument<ManifestRow>, FetchFailure>, url: URL, body: Data
  ) {
    parsed[url] = (body, document)
  }
}
