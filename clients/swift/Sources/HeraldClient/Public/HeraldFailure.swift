import HeraldProtocol

/// Why the client has no fresh document.
///
/// Every one of these fails open: nothing interrupts, and a cached copy still serves the archive
/// and the badge. The TypeScript and Kotlin clients give the same reasons under the same names.
public struct HeraldFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure, for logs and metrics.
  public enum Reason: String, Sendable, Hashable, CaseIterable {
    /// No connection: DNS, refused, reset, offline, cancelled.
    case network
    /// The refresh took longer than its timeout.
    case timedOut = "timed-out"
    /// A status other than 200 and 304 (`status` says which).
    case status
    /// A body that is not the document expected (not UTF-8, not strict JSON, a field missing).
    case unreadable
    /// A `schemaVersion` this version of the client does not read.
    case unknownSchema = "unknown-schema"
    /// A body over the size limit.
    case tooLarge = "too-large"
    /// Nothing was fetched yet.
    case notFetched = "not-fetched"
    /// A signed channel's statement is missing or unreadable, or a pinned key's signature of it
    /// does not verify.
    case signature
    /// No pinned key signed the statement, or no pinned wall key signed one that holds a wall.
    case key
    /// The statement is another channel's.
    case channel
    /// The statement is older than one already accepted: a replay.
    case rollback
    /// The statement expired.
    case expired
    /// A document is not the one the statement lists.
    case hash
  }

  /// The failure as the protocol's readers share it.
  package let fetchFailure: FetchFailure

  /// Wraps the protocol's failure.
  package init(_ failure: FetchFailure) { fetchFailure = failure }

  /// The kind of failure.
  public var reason: Reason {
    switch fetchFailure {
    case .network: return .network
    case .timedOut: return .timedOut
    case .status: return .status
    case .unreadable: return .unreadable
    case .unknownSchema: return .unknownSchema
    case .tooLarge: return .tooLarge
    case .notFetched: return .notFetched
    case .statement(let failure):
      switch failure {
      case .signature: return .signature
      case .key: return .key
      case .channel: return .channel
      case .rollback: return .rollback
      case .expired: return .expired
      case .hash: return .hash
      }
    }
  }

  /// The HTTP status, for `status`.
  public var status: Int? {
    if case .status(let status) = fetchFailure { return status }
    return nil
  }

  /// The failure in words, for a log.
  public var description: String { fetchFailure.description }

  /// The connection failed, for the reason given.
  public static func network(_ reason: String) -> HeraldFailure { HeraldFailure(.network(reason)) }
  /// The exchange took too long.
  public static let timedOut = HeraldFailure(.timedOut)
  /// The server answered a status other than 200 and 304.
  public static func status(_ status: Int) -> HeraldFailure { HeraldFailure(.status(status)) }
  /// The body is not the document expected, for the reason given.
  public static func unreadable(_ reason: String) -> HeraldFailure {
    HeraldFailure(.unreadable(reason))
  }
  /// The body was larger than the limit, in bytes.
  public static func tooLarge(_ limit: Int) -> HeraldFailure { HeraldFailure(.tooLarge(limit)) }
  /// Nothing was fetched yet.
  public static let notFetched = HeraldFailure(.notFetched)
}
