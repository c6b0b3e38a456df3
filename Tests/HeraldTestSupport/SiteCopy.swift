import Foundation

/// Copies of the example site into temporary folders, for tests that edit or break a site.
public enum SiteCopy {
  /// The files of the example site (herald.yaml and every record), by relative path.
  public static func exampleFiles() throws -> [(path: String, bytes: [UInt8])] {
    var files: [(path: String, bytes: [UInt8])] = [
      (
        "herald.yaml",
        Array(try Data(contentsOf: Fixtures.packageRoot.appending(path: "herald.yaml")))
      )
    ]
    let folder = Fixtures.packageRoot.appending(path: "content/announcements")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      files.append(
        ("content/announcements/\(name)", Array(try Data(contentsOf: folder.appending(path: name))))
      )
    }
    return files
  }

  /// Writes the example site into a folder, creating the files in the given order.
  public static func writeExample(to directory: TemporaryDirectory, reversed: Bool = false) throws {
    let files = try exampleFiles()
    for file in reversed ? files.reversed() : files {
      try directory.write(file.path, bytes: file.bytes)
    }
  }
}
