/// What an announcement is about: it picks the icon and the label, never the shape.
package enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
  /// New features.
  case whatsNew = "WHATS_NEW"
  /// A newer version to install.
  case updateAvailable = "UPDATE_AVAILABLE"
  /// Anything else users should know (outages, policy changes).
  case notice = "NOTICE"

  /// The label a theme or an app shows for the kind.
  package var label: String {
    switch self {
    case .whatsNew: return "What's new"
    case .updateAvailable: return "Update available"
    case .notice: return "Notice"
    }
  }

  /// The action label used when a record gives none.
  package var defaultActionLabel: String {
    switch self {
    case .whatsNew: return "Take a look"
    case .updateAvailable: return "Update now"
    case .notice: return "Learn more"
    }
  }
}
