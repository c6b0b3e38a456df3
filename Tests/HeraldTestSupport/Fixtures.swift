import Foundation

/// Where the repository's fixtures, example site and shared conformance files are.
public enum Fixtures {
  /// The package's root folder.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Where the builds a test run starts keep their cache: one folder for the whole run (each output
  /// gets its own cache inside it), removed when the test process exits, so runs leave nothing in
  /// the temporary folder.
  public static let cacheRoot: String = {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "herald-test-cache-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: Fixtures.cacheRoot) }
    return folder.path
  }()

  /// `Tests/Fixtures`.
  public static let root = packageRoot.appending(path: "Tests/Fixtures")

  /// `../shared` beside the checkout, present in CI but not in a user's fresh clone
  /// (`HERALD_SHARED_DIR` overrides it, so a test run can see what a fresh clone sees).
  public static let shared: URL = {
    if let path = ProcessInfo.processInfo.environment["HERALD_SHARED_DIR"] {
      return URL(fileURLWithPath: path)
    }
    return packageRoot.deletingLastPathComponent().appending(path: "shared")
  }()

  /// The fixture folders under `Tests/Fixtures/<group>`, sorted by name.
  public static func cases(_ group: String) -> [String] {
    let folder = root.appending(path: group)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Whether golden files should be re-recorded instead of compared (`RECORD_GOLDEN=1`).
  public static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

  /// Compares a text with a golden file, or writes it when recording; returns the expected text.
  public static func golden(_ actual: String, at url: URL) throws -> String {
    if recording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return actual
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      return "(missing golden file \(url.path); run with RECORD_GOLDEN=1 to record it)"
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// A fresh temporary folder, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
  /// The folder.
  public let url: URL

  /// Creates an empty folder under the system's temporary folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "herald-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a file or folder inside.
  public func path(_ relative: String) -> String { url.appending(path: relative).path }

  /// Writes a text file, creating folders as needed.
  public func write(_ relative: String, _ text: String) throws {
    let file = url.appending(path: relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// Writes bytes, creating folders as needed.
  public func write(_ relative: String, bytes: [UInt8]) throws {
    let file = url.appending(path: relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
