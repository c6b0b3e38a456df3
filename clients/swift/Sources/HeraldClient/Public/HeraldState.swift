import Foundation
import HeraldProtocol

/// What an app renders now (DESIGN §5): the wall, else at most one interruption, the unread badge
/// and the archive; and where the messages came from.
public struct HeraldState: Sendable, Hashable {
  /// The force-update wall: only its action leaves it.
  ///
  /// Never from a cached manifest.
  public let wall: HeraldMessage?
  /// The one interruption to show when there is no wall.
  public let interruption: HeraldInterruption?
  /// How many live messages are unseen (and not gated by account age).
  public let badge: Int
  /// Every message, newest first, with its seen flag.
  public let archive: [ArchiveEntry]
  /// Whether the messages are fresh (fetched or revalidated in this launch), cached, or absent.
  public let freshness: Freshness
  /// When the messages change by themselves next (one goes live or expires), if ever.
  public var nextChangeAt: Date? { nextChange?.foundationDate }
  /// The locale whose words the messages are in (the channel's locale that the device's
  /// preferred languages reach, else its default), or nil when nothing was read.
  public let locale: String?
  /// Which document the rows came from: the release's manifest, or `live.json` for a version that
  /// has none.
  package let manifest: ManifestDocument<ManifestRow>.Scope?
  /// `nextChangeAt` to the nanosecond, as the document has it.
  package let nextChange: Timestamp?

  /// A message of the archive and whether this user has seen it.
  public struct ArchiveEntry: Sendable, Hashable, Identifiable {
    /// The message.
    public let message: HeraldMessage
    /// Whether the user has seen it.
    public let seen: Bool
    /// The message's id.
    public var id: String { message.id }
  }

  /// Where the messages came from.
  public enum Freshness: Sendable, Hashable {
    /// Fetched or revalidated (304) in this launch: interruptions may show.
    case fresh
    /// A copy cached earlier, after this launch's fetch failed: archive and badge only.
    case cached(HeraldFailure)
    /// No messages: the fetch failed and nothing was cached. Nothing shows.
    case unavailable(HeraldFailure)
  }

  /// Nothing to show, before anything was fetched.
  public static let empty = HeraldState(
    wall: nil, interruption: nil, badge: 0, archive: [],
    freshness: .unavailable(.notFetched), locale: nil, manifest: nil, nextChange: nil)
}

/// The interruption an app shows when there is no wall, by severity.
public enum HeraldInterruption: Sendable, Hashable {
  /// A full-screen takeover (CRITICAL): mark it seen when it is closed.
  case takeover(HeraldMessage)
  /// A centred dialog (IMPORTANT), shown once: mark it seen when it is closed.
  case dialog(HeraldMessage)
  /// A dismissible strip (INFO): mark it seen when it is dismissed.
  case strip(HeraldMessage)

  /// The message shown.
  public var message: HeraldMessage {
    switch self {
    case .takeover(let message), .dialog(let message), .strip(let message): return message
    }
  }

  /// `takeover`, `dialog` or `strip`.
  public var shape: String {
    switch self {
    case .takeover: return "takeover"
    case .dialog: return "dialog"
    case .strip: return "strip"
    }
  }
}
