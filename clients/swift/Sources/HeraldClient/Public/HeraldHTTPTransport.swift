import Foundation
import HeraldProtocol

/// Fetches over HTTP, bounding the body by a size limit on its decoded bytes and the exchange by
/// the request's timeout, so a stalled, enormous or compressed-to-enormous answer costs at most
/// that: it becomes a failure, never a hang or an app killed for its memory.
///
/// It uses URLSession on Apple's platforms and libcurl on Linux, whose URLSession decodes a gzip
/// body faster than its delegate can refuse it.
public struct HeraldHTTPTransport: HeraldTransport {
  /// The largest body read, in bytes, after any content decoding.
  public let maximumBodySize: Int
  private let engine: Engine

  /// Makes a transport.
  ///
  /// - Parameters:
  ///   - maximumBodySize: the largest body read, in decoded bytes (default: the protocol's 5 MB).
  ///   - headers: extra request headers (an API key of the CDN, an app identifier); the
  ///     conditional ones are the client's own.
  ///   - userAgent: the `User-Agent` to send, if not the platform's.
  public init(
    maximumBodySize: Int? = nil, headers: [String: String] = [:], userAgent: String? = nil
  ) {
    let maximumBodySize = maximumBodySize ?? ClientLimits.maximumBodySize
    self.maximumBodySize = maximumBodySize
    let sorted = headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    #if canImport(CCurl)
      engine = .curl(
        CurlTransport(maximumBodySize: maximumBodySize, headers: sorted, userAgent: userAgent))
    #else
      engine = .session(
        URLSessionTransport(maximumBodySize: maximumBodySize, headers: sorted, userAgent: userAgent)
      )
    #endif
  }

  #if canImport(Darwin) || HERALD_URLSESSION_ON_LINUX
    /// A transport on URLSession wherever it is built (the Linux tests of the Apple platforms'
    /// engine).
    package init(
      urlSession maximumBodySize: Int, headers: [String: String] = [:], userAgent: String? = nil
    ) {
      self.maximumBodySize = maximumBodySize
      engine = .session(
        URLSessionTransport(
          maximumBodySize: maximumBodySize,
          headers: headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) },
          userAgent: userAgent))
    }
  #endif

  /// Fetches a URL conditionally.
  public func fetch(_ request: HeraldRequest) async -> HeraldResponse {
    switch engine {
    #if canImport(Darwin) || HERALD_URLSESSION_ON_LINUX
      case .session(let session): return await session.fetch(request)
    #endif
    #if canImport(CCurl)
      case .curl(let curl): return await curl.fetch(request)
    #endif
    }
  }

  private enum Engine: Sendable {
    #if canImport(Darwin) || HERALD_URLSESSION_ON_LINUX
      case session(URLSessionTransport)
    #endif
    #if canImport(CCurl)
      case curl(CurlTransport)
    #endif
  }
}
