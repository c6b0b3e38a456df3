import HeraldCore

extension VersionRange {
  /// The range as a changelog says it: "1.10.0 and later", "up to 1.8.0", "every version below
  /// 1.9.0", "1.10.0 only", "1.9.0 to 1.10.1", "1.2.0 and every later version below 1.9.0", or
  /// "all versions".
  var readable: String {
    if let below {
      return minimum.map { "\($0) and every later version below \(below)" }
        ?? "every version below \(below)"
    }
    switch (minimum, maximum) {
    case (nil, nil): return "all versions"
    case (let minimum?, nil): return "\(minimum) and later"
    case (nil, let maximum?): return "up to \(maximum)"
    case (let minimum?, let maximum?) where minimum == maximum: return "\(minimum) only"
    case (let minimum?, let maximum?): return "\(minimum) to \(maximum)"
    }
  }

  /// The range as a wall's headline says it after "Versions": "up to 1.8.9", "below 1.9.0",
  /// "1.2.0 to 1.8.9", "1.2.0 and later below 1.9.0".
  var headline: String {
    guard let below else { return readable }
    return minimum.map { "\($0) and later below \(below)" } ?? "below \(below)"
  }
}

/// How people name platforms and their stores.
enum PlatformNames {
  /// How a platform key reads: `ios` is iOS, `android` Android; other keys as written.
  static func name(_ key: String) -> String {
    // A switch, not a dictionary literal: a literal builds its table on every call, and every
    // card asks for its platforms' names.
    switch key {
    case "ios": return "iOS"
    case "ipados": return "iPadOS"
    case "macos": return "macOS"
    case "watchos": return "watchOS"
    case "tvos": return "tvOS"
    case "visionos": return "visionOS"
    case "android": return "Android"
    case "web": return "Web"
    case "windows": return "Windows"
    case "linux": return "Linux"
    default: return key
    }
  }

  /// What a store button says: "App Store" for Apple's platforms, "Google Play" for Android,
  /// else "<Platform> store".
  static func store(_ key: String) -> String {
    switch key {
    case "ios", "ipados", "macos", "watchos", "tvos", "visionos": return "App Store"
    case "android": return "Google Play"
    default: return "\(name(key)) store"
    }
  }

  /// A list of platform names as a sentence part: "iOS", "iOS and Android", "iOS, Android and Web".
  static func list(_ keys: [String]) -> String {
    let names = keys.map(name)
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
