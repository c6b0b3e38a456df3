import Foundation

/// The default theme, compiled in from `themes/default/` by the EmbedDefaultTheme build plugin, so
/// every site has it without copying anything.
enum DefaultTheme {
  /// The theme's name.
  static let name = "default"

  /// The theme's files by relative path (`templates/archive.mustache`, `assets/herald.css`).
  static let files: [String: [UInt8]] = base64Files.compactMapValues { text in
    Data(base64Encoded: text).map { Array($0) }
  }
}
