import Foundation
import HeraldProtocol

/// Serves documents from memory by URL, with ETags made from their bytes: what `herald explain`
/// decides through for a site on disk, and a fake network for tests.
public struct HeraldMemoryTransport: HeraldTransport {
  /// The documents by absolute URL.
  public let documents: [String: Data]
  /// Answers that replace a document's (a status, a failure), by URL.
  public let faults: [String: HeraldResponse]
  /// ETags made once, for a transport many clients read through (the composer's matrix).
  private let etags: [String: String]

  /// Serves these documents; any other URL is a 404.
  public init(documents: [String: Data], faults: [String: HeraldResponse] = [:]) {
    self.documents = documents
    self.faults = faults
    etags = [:]
  }

  /// Serves these documents with every ETag made now, once, rather than at each fetch.
  package init(hashing documents: [String: Data]) {
    self.documents = documents
    faults = [:]
    etags = documents.mapValues { "\"\(Self.hash($0))\"" }
  }

  /// Answers from memory: 200 with an ETag, 304 when the ETag matches, 404 when missing.
  public func fetch(_ request: HeraldRequest) async -> HeraldResponse {
    if let fault = faults[request.url.absoluteString] { return fault }
    guard let body = documents[request.url.absoluteString] else { return .failed(.status(404)) }
    let etag = etags[request.url.absoluteString] ?? "\"\(Self.hash(body))\""
    if request.etag == etag { return .notModified(maxAge: 300) }
    return .ok(body: body, etag: etag, lastModified: nil, maxAge: 300)
  }

  /// The ETag of a body.
  static func hash(_ data: Data) -> String { ContentHash.hex(data) }
}
