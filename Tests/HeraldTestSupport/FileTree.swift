import Foundation

/// A folder's files by relative path, for comparing whole output trees.
public struct FileTree: Equatable, Sendable {
  /// The files' bytes by path relative to the folder, including dot files.
  public var files: [String: [UInt8]]

  /// Reads every regular file under a folder.
  public static func read(_ folder: URL) throws -> FileTree {
    var files: [String: [UInt8]] = [:]
    let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(atPath: root) else {
      return FileTree(files: [:])
    }
    for case let relative as String in walker {
      var isDirectory: ObjCBool = false
      let path = root + "/" + relative
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    return FileTree(files: files)
  }

  /// Replaces a folder's content with this tree.
  public func write(to folder: URL) throws {
    try? FileManager.default.removeItem(at: folder)
    for (path, bytes) in files {
      let url = folder.appending(path: path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
  }

  /// The tree without herald's bookkeeping files (the lock, which is empty, and the output map,
  /// whose fingerprints are made with each cache's own key): the channel itself.
  public var withoutBookkeeping: FileTree {
    var tree = self
    tree.files[".herald-lock"] = nil
    tree.files[".herald-map"] = nil
    return tree
  }

  /// The paths, sorted.
  public var paths: [String] { files.keys.sorted() }

  /// A readable account of how another tree differs from this one, or nil when they are equal.
  public func differences(from expected: FileTree) -> String? {
    var lines: [String] = []
    for path in Set(paths + expected.paths).sorted() {
      switch (files[path], expected.files[path]) {
      case (nil, _?): lines.append("missing: \(path)")
      case (_?, nil): lines.append("unexpected: \(path)")
      case (let actual?, let wanted?) where actual != wanted:
        let actualLines = String(decoding: actual, as: UTF8.self).split(
          separator: "\n", omittingEmptySubsequences: false)
        let wantedLines = String(decoding: wanted, as: UTF8.self).split(
          separator: "\n", omittingEmptySubsequences: false)
        let index =
          zip(actualLines, wantedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(actualLines.count, wantedLines.count)
        let got = index < actualLines.count ? String(actualLines[index]) : "(end of file)"
        let want = index < wantedLines.count ? String(wantedLines[index]) : "(end of file)"
        lines.append("changed: \(path) line \(index + 1)\n  expected: \(want)\n  actual:   \(got)")
      default: break
      }
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }
}
