import Foundation

/// The web client's compiled modules (`clients/js/bundle/`), compiled in by the EmbedDefaultTheme
/// build plugin: what the app preview draws `<herald-announcements>` with.
enum PreviewClient {
  /// The modules by file name (`web.js`, `client.js`…).
  static let files: [String: [UInt8]] = base64Files.compactMapValues { text in
    Data(base64Encoded: text).map { Array($0) }
  }
}
