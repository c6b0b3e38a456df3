import Foundation
import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

/// A site as it was at a git revision, copied out of the repository's object store into a
/// temporary folder, without touching the working tree or the index.
struct GitRevisionSite {
  /// The temporary folder that holds the site's herald.yaml and records at the revision.
  let folder: TemporaryFolder

  /// Its path.
  var directory: String { folder.path }

  /// Why the revision could not be read.
  struct Failure: Error {
    /// What went wrong, with git's own words when it said something.
    let message: String
  }

  /// One file of the site at a revision: its path from the repository's top, its path in the
  /// site, its git object, and whether it is a symbolic link.
  struct Entry: Sendable {
    let path: String
    let relative: String
    let object: String
    let isLink: Bool
  }

  /// The site's herald.yaml and record files at a revision, and the paths in the site whose
  /// working copy differs from it (or is gone).
  struct Tree: Sendable {
    let entries: [Entry]
    let changed: Set<String>
  }

  /// Reads the tree of the site at a revision; the listing and the comparison with the working
  /// copy are two git processes, run at once.
  static func tree(revision: String, siteDirectory: String) throws(Failure) -> Tree {
    // The site's place in the repository and the revision's commit, from one git process: its
    // first line is the prefix (empty at the top), its last the commit.
    let resolved: String
    do {
      resolved = try git(
        ["rev-parse", "--show-prefix", "--verify", "--quiet", revision + "^{commit}"],
        in: siteDirectory)
    } catch {
      // Outside a repository git says so; an unknown revision leaves --quiet's git silent: say
      // what it means, and which name was likely meant.
      _ = try git(["rev-parse", "--show-prefix"], in: siteDirectory)
      let names =
        (try? git(["for-each-ref", "--format=%(refname:short)"], in: siteDirectory))?
        .split(separator: "\n").map(String.init) ?? []
      let suggestion = NearestName.suggestion(for: revision, among: names)
      throw Failure(
        message: "there is no revision \(revision) in this repository"
          + (suggestion.map { " (did you mean \($0)?)" }
            ?? " (a branch, a tag or a commit; fetch it first if it is on a remote)"))
    }
    let prefix = String(resolved.prefix { $0 != "\n" })
    let comparing = BackgroundWork { () throws(Failure) in
      try gitBytes(
        [
          "diff", "--name-only", "-z", "--no-renames", revision, "--",
          ":(top)" + prefix + "herald.yaml", ":(top)" + prefix + "content/announcements",
        ], in: siteDirectory)
    }
    let listed = Result { () throws(Failure) in
      try gitBytes(
        [
          "ls-tree", "-r", "-z", "--full-tree", revision, "--",
          prefix + "herald.yaml", prefix + "content/announcements",
        ], in: siteDirectory)
    }
    // Both processes are waited for, whichever fails.
    let difference = Result { () throws(Failure) in try comparing.value() }
    let listing = try listed.get()
    // Each entry is "<mode> <type> <object>\t<path>"; mode 120000 is a symbolic link. Read by
    // their bytes: ten thousand entries split as Strings took 30 ms.
    let prefixCount = prefix.utf8.count
    let entries = listing.split(separator: 0).compactMap { entry -> Entry? in
      guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
      let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
      guard fields.count == 3 else { return nil }
      let path = entry[(tab + 1)...]
      return Entry(
        path: String(decoding: path, as: UTF8.self),
        relative: String(decoding: path.dropFirst(prefixCount), as: UTF8.self),
        object: String(decoding: fields[2], as: UTF8.self),
        isLink: fields[0].elementsEqual("120000".utf8))
    }
    let changed = try difference.get().split(separator: 0).map {
      String(decoding: $0.dropFirst(prefixCount), as: UTF8.self)
    }
    return Tree(entries: entries, changed: Set(changed))
  }

  /// Copies the site at `siteDirectory` as it was at `revision` into a new temporary folder
  /// under `parent`; a symbolic link is recreated as a link, so the base site follows the same
  /// link rules as the working site.
  static func extract(revision: String, siteDirectory: String, in parent: String)
    throws(Failure) -> GitRevisionSite
  {
    let entries = try tree(revision: revision, siteDirectory: siteDirectory).entries
    let folder = TemporaryFolder(purpose: "base", in: parent)
    let directory = folder.path
    // Every file's bytes through one git process: one per record took 50 s at 1,000 records.
    let contents = try objects(entries.map(\.object), in: siteDirectory)
    // Each folder made once: ten thousand records share one.
    var made: Set<String> = []
    for (entry, bytes) in zip(entries, contents) {
      let target = directory + "/" + entry.relative
      do {
        guard let bytes else {
          throw Failure(
            message: "git has no object \(entry.object) for \(entry.path) at \(revision)")
        }
        let parent = (target as NSString).deletingLastPathComponent
        if made.insert(parent).inserted {
          try FileManager.default.createDirectory(
            atPath: parent, withIntermediateDirectories: true)
        }
        if entry.isLink {
          try FileManager.default.createSymbolicLink(
            atPath: target, withDestinationPath: String(decoding: bytes, as: UTF8.self))
          continue
        }
        try FileSystem.write(bytes, to: target)
      } catch let failure as Failure {
        throw failure
      } catch {
        throw Failure(message: "cannot copy \(entry.path) from \(revision): \(error)")
      }
    }
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return GitRevisionSite(folder: folder)
  }

  /// Removes the temporary folder.
  func remove() { folder.remove() }

  /// The bytes of git objects, in order (nil for one git does not have), read by one
  /// `git cat-file --batch`.
  static func objects(_ names: [String], in directory: String) throws(Failure) -> [[UInt8]?] {
    guard !names.isEmpty else { return [] }
    let output = try gitBytes(
      ["cat-file", "--batch"], in: directory,
      input: Array((names.joined(separator: "\n") + "\n").utf8))
    var results: [[UInt8]?] = []
    results.reserveCapacity(names.count)
    var cursor = 0
    for _ in names {
      guard let end = output[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
        throw Failure(message: "git cat-file --batch ended early")
      }
      let header = String(decoding: output[cursor..<end], as: UTF8.self).split(separator: " ")
      cursor = end + 1
      guard header.count == 3, let size = Int(header[2]), cursor + size <= output.count else {
        results.append(nil)
        continue
      }
      results.append(Array(output[cursor..<(cursor + size)]))
      // The contents, then a line feed.
      cursor += size + 1
    }
    return results
  }

  /// What git prints for the arguments, run in a directory with extra environment variables.
  static func git(
    _ arguments: [String], in directory: String, environment: [String: String] = [:]
  ) throws(Failure) -> String {
    String(
      decoding: try gitBytes(arguments, in: directory, environment: environment), as: UTF8.self)
  }

  /// git as found on the `PATH`, looked for once and started directly (through `env` it was a
  /// process more for each of diff's git calls); `/usr/bin/git` when no folder of the `PATH` has
  /// it, whose absence `run` then reports.
  private static let gitExecutable: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = String(folder) + "/git"
      if FileSystem.kind(of: candidate) == .file && access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return "/usr/bin/git"
  }()

  private static func gitBytes(
    _ arguments: [String], in directory: String, input: [UInt8]? = nil,
    environment: [String: String] = [:]
  ) throws(Failure) -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gitExecutable)
    process.arguments = ["-C", directory] + arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    // git's input and its messages go through files without a name, so that no stream can fill up
    // while another is read, and a killed herald leaves none behind.
    func cannot() -> Failure {
      Failure(
        message: "cannot make a temporary file for git in \(UnnamedFile.folder): can herald write "
          + "there (TMPDIR)?")
    }
    guard let messages = UnnamedFile() else { throw cannot() }
    var source: UnnamedFile?
    if let input {
      guard let file = UnnamedFile(bytes: input) else { throw cannot() }
      source = file
    }
    process.standardOutput = output
    process.standardError = messages.handle
    process.standardInput = source?.handle ?? FileHandle.nullDevice
    // Waited for through its termination handler: Foundation's waitUntilExit polls its run loop
    // every 50 ms on Linux, which made each of diff's git calls 60 ms slower than git.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      throw Failure(
        message: "cannot run git at \(gitExecutable): is git installed and on the PATH?")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    let message = String(decoding: messages.contents(), as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
      throw Failure(
        message: said.isEmpty ? "git \(arguments.joined(separator: " ")) failed" : said)
    }
    return Array(data)
  }
}
