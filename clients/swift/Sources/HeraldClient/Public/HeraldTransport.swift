import Foundation
import HeraldProtocol

/// How the client fetches a document.
///
/// The default is `HeraldHTTPTransport`; an app may give its own (to route through its networking
/// stack), and `herald explain` gives one that serves a channel built in memory.
///
/// A transport never throws: every failure is a `HeraldFailure`, which the client fails open on.
/// It should answer within the request's `timeout` and stop when its task is cancelled; the
/// client stops waiting at the refresh's deadline either way.
public protocol HeraldTransport: Sendable {
  /// Fetches a URL, conditionally when validators are given.
  func fetch(_ request: HeraldRequest) async -> HeraldResponse
}

/// A conditional GET.
public struct HeraldRequest: Sendable, Hashable {
  /// The document's URL.
  public let url: URL
  /// The `ETag` of the cached copy, sent as `If-None-Match`.
  public let etag: String?
  /// The `Last-Modified` of the cached copy, sent as `If-Modified-Since`.
  public let lastModified: String?
  /// How long the exchange may take, in seconds: what is left of the refresh's deadline.
  public let timeout: TimeInterval

  /// Makes a request.
  public init(
    url: URL, etag: String? = nil, lastModified: String? = nil,
    timeout: TimeInterval? = nil
  ) {
    self.url = url
    self.etag = etag
    self.lastModified = lastModified
    self.timeout = timeout ?? ClientLimits.defaultTimeout
  }
}

/// What a fetch gave.
public enum HeraldResponse: Sendable, Hashable {
  /// 200: the body and its validators, and the `Cache-Control: max-age` in seconds, if any.
  case ok(body: Data, etag: String?, lastModified: String?, maxAge: Int?)
  /// 304: the cached copy is still current.
  case notModified(maxAge: Int?)
  /// Anything else.
  case failed(HeraldFailure)
}

extension HeraldResponse {
  /// Why a 200 with this `Content-Encoding` is not read, or nil when it is
  /// (`ClientLimits.readableEncodings`, compared without case; no header is identity).
  ///
  /// A transport that asks for the encoding itself checks it before reading the body: a plain
  /// body labelled `br` would otherwise fail in one reader's decoder, stall in another's and be
  /// read as it is by a third.
  static func encodingProblem(_ label: String?) -> HeraldFailure? {
    guard let label = label?.trimmingCharacters(in: .whitespaces),
      !ClientLimits.readableEncodings.contains(label.lowercased())
    else { return nil }
    return .unreadable("Content-Encoding \"\(label)\" is not gzip or identity")
  }

  /// Reads `max-age` from a `Cache-Control` header.
  static func maxAge(cacheControl: String?) -> Int? {
    guard let cacheControl else { return nil }
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "max-age"
      else { continue }
      return Int(parts[1].trimmingCharacters(in: .whitespaces))
    }
    return nil
  }
}
