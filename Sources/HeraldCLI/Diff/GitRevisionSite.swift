import Foundation
import HeraldCore
import HeraldFiles

/// A site as it was at a git revision, copied out of the repository's object store into a
/// temporary folder, without touching the working tree or the index.
struct GitRevisionSite {
  /// The temporary folder that holds the site's herald.yaml and records at the revision.
  let directory: String

  /// Why the revision could not be read.
  struct Failure: Error {
    /// What went wrong, with git's own words when it said something.
    let message: String
  }

  /// Copies the site at `siteDirectory` as it was at `revision` into a new temporary folder.
  static func extract(revision: String, siteDirectory: String) throws(Failure) -> GitRevisionSite {
    let prefix = try git(["rev-parse", "--show-prefix"], in: siteDirectory)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    do {
      _ = try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: siteDirectory)
    } catch {
      // --quiet leaves git silent: say what it means, and which name was likely meant.
      let names =
        (try? git(["for-each-ref", "--format=%(refname:short)"], in: siteDirectory))?
        .split(separator: "\n").map(String.init) ?? []
      let suggestion = NearestName.suggestion(for: revision, among: names)
      throw Failure(
        message: "there is no revision \(revision) in this repository"
          + (suggestion.map { " (did you mean \($0)?)" }
            ?? " (a branch, a tag or a commit; fetch it first if it is on a remote)"))
    }
    let listing = try git(
      [
        "ls-tree", "-r", "-z", "--full-tree", revision, "--",
        prefix + "herald.yaml", prefix + "content/announcements",
      ], in: siteDirectory)
    // Each entry is "<mode> <type> <object>\t<path>"; a symbolic link (mode 120000) is recreated
    // as a link, so the base site follows the same link rules as the working site.
    let entries = listing.split(separator: "\0").compactMap { entry -> (String, Bool)? in
      guard let tab = entry.firstIndex(of: "\t") else { return nil }
      return (String(entry[entry.index(after: tab)...]), entry.hasPrefix("120000 "))
    }
    let paths = entries.map(\.0)
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "herald-base-\(UUID().uuidString)").path
    for (path, isLink) in entries {
      let relative = String(path.dropFirst(prefix.count))
      let target = directory + "/" + relative
      do {
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = try gitBytes(["cat-file", "blob", "\(revision):\(path)"], in: siteDirectory)
        if isLink {
          try FileManager.default.createSymbolicLink(
            atPath: target, withDestinationPath: String(decoding: bytes, as: UTF8.self))
          continue
        }
        try FileSystem.write(bytes, to: target)
      } catch let failure as Failure {
        throw failure
      } catch {
        throw Failure(message: "cannot copy \(path) from \(revision): \(error)")
      }
    }
    if paths.isEmpty {
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    return GitRevisionSite(directory: directory)
  }

  /// Removes the temporary folder.
  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  private static func git(_ arguments: [String], in directory: String) throws(Failure) -> String {
    String(decoding: try gitBytes(arguments, in: directory), as: UTF8.self)
  }

  private static func gitBytes(_ arguments: [String], in directory: String) throws(Failure)
    -> [UInt8]
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory] + arguments
    let output = Pipe()
    // Standard error goes to a file, so that neither stream can fill up while the other is read.
    let errorPath = FileManager.default.temporaryDirectory
      .appending(path: "herald-git-\(UUID().uuidString)").path
    guard FileManager.default.createFile(atPath: errorPath, contents: nil) else {
      throw Failure(message: "cannot create a temporary file for git's messages")
    }
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure(message: "cannot run git: \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let message = String(decoding: FileSystem.read(errorPath) ?? [], as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(
        message: said.isEmpty ? "git \(arguments.joined(separator: " ")) failed" : said)
    }
    return Array(data)
  }
}
