import Foundation

/// Where the client keeps the last copy of each document and its validators, so a 304 costs no
/// download and a launch without network still has the archive.
public protocol ManifestCache: Sendable {
  /// The cached copy of a URL's document, if any.
  func entry(for url: URL) async -> CachedDocument?
  /// Keeps a copy (replacing any earlier one).
  func store(_ entry: CachedDocument, for url: URL) async
}

/// A document as cached: its bytes and the validators it came with.
public struct CachedDocument: Sendable, Hashable, Codable {
  /// The body.
  public let body: Data
  /// The `ETag` it came with.
  public let etag: String?
  /// The `Last-Modified` it came with.
  public let lastModified: String?

  /// Makes an entry.
  public init(body: Data, etag: String?, lastModified: String?) {
    self.body = body
    self.etag = etag
    self.lastModified = lastModified
  }
}

/// Keeps documents in a folder the app gives (by default `Application Support/Herald` on Apple
/// platforms, `$XDG_CACHE_HOME/herald` or `~/.cache/herald` elsewhere), one file per URL,
/// replaced atomically.
public actor FileManifestCache: ManifestCache {
  /// The folder.
  public let folder: URL

  /// Caches in a folder, created when first needed.
  public init(folder: URL = FileManifestCache.defaultFolder) { self.folder = folder }

  /// The default folder for the platform.
  public static var defaultFolder: URL {
    #if canImport(Darwin)
      let base =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.temporaryDirectory
      return base.appending(path: "Herald", directoryHint: .isDirectory)
    #else
      let environment = ProcessInfo.processInfo.environment
      let base =
        environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".cache")
      return base.appending(path: "herald", directoryHint: .isDirectory)
    #endif
  }

  /// The cached copy of a URL's document, if any (a damaged file counts as none).
  public func entry(for url: URL) -> CachedDocument? {
    guard let data = try? Data(contentsOf: file(for: url)) else { return nil }
    return try? JSONDecoder().decode(CachedDocument.self, from: data)
  }

  /// Keeps a copy; a failure to write only costs a download later.
  public func store(_ entry: CachedDocument, for url: URL) {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard let data = try? JSONEncoder().encode(entry) else { return }
    try? data.write(to: file(for: url), options: .atomic)
  }

  private func file(for url: URL) -> URL {
    folder.appending(
      path: "document-" + MemoryTransport.hash(Data(url.absoluteString.utf8)) + ".json")
  }
}

/// Keeps documents in memory only (nothing survives the process).
public actor MemoryManifestCache: ManifestCache {
  private var entries: [URL: CachedDocument] = [:]

  /// Makes an empty cache.
  public init() {}

  /// The cached copy, if any.
  public func entry(for url: URL) -> CachedDocument? { entries[url] }

  /// Keeps a copy.
  public func store(_ entry: CachedDocument, for url: URL) { entries[url] = entry }
}
