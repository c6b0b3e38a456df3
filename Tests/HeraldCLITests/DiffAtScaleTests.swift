import Foundation
import HeraldTestSupport
import Testing

/// `herald diff --base <revision>` on a channel with a thousand records: as fast as a check, the
/// same comment as a diff against a folder of the base, and no temporary folder left behind.
@Suite("diff at scale")
struct DiffAtScaleTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  /// An expired record of the generated history, in Markdown.
  static func olderRecord(_ index: Int) -> String {
    """
    ---
    id: old-\(index)
    title: Old notice \(index)
    severity: INFO
    kind: NOTICE
    publishAt: 2025-0\(index % 9 + 1)-\(10 + index % 17)T08:\(10 + index % 50):00Z
    expiresAt: 2025-11-01
    ---
    An older notice, number *\(index)*.

    """
  }

  /// The example site with a thousand older records, written to `folder`.
  static func writeSite(to folder: TemporaryDirectory) throws {
    try SiteCopy.writeExample(to: folder)
    for index in 0..<1_000 {
      try folder.write("content/announcements/old-\(index).md", olderRecord(index))
    }
  }

  /// The site committed to a new repository, and a copy of the commit as a plain folder.
  static func committedSite() throws -> (repository: TemporaryDirectory, base: TemporaryDirectory) {
    let repository = try TemporaryDirectory()
    try writeSite(to: repository)
    for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "base"]] {
      #expect(try ScratchGit.run(arguments, in: repository.url) == 0, "git \(arguments)")
    }
    let base = try TemporaryDirectory()
    try writeSite(to: base)
    return (repository, base)
  }

  /// Replaces text in a file of a site.
  static func edit(_ site: TemporaryDirectory, _ file: String, _ old: String, _ new: String) throws
  {
    let text = try String(contentsOfFile: site.path(file), encoding: .utf8)
    #expect(text.contains(old), "\(file) has no \(old)")
    try site.write(file, text.replacingOccurrences(of: old, with: new))
  }

  /// A process id that no process has: one that ran and ended.
  static func deadProcessID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test("a pull request's edits at 1,000 records: fast, and the same comment as from a folder")
  func editsAtAThousandRecords() throws {
    let (repository, base) = try Self.committedSite()
    try Self.edit(
      repository, "content/announcements/old-5.md", "title: Old notice 5", "title: Five")
    try Self.edit(
      repository, "content/announcements/sunset-1-8.md", "belowVersion: 1.9.0",
      "belowVersion: 1.10.0")
    try FileManager.default.removeItem(atPath: repository.path("content/announcements/old-30.md"))
    try repository.write(
      "content/announcements/brand-new.md",
      """
      ---
      id: brand-new
      title: Something new
      severity: INFO
      kind: WHATS_NEW
      publishAt: 2026-11-29T09:00:00Z
      ---
      Fresh.

      """)
    for format in ["markdown", "json"] {
      let started = Date()
      let fromGit = try HeraldProcess.run(
        ["diff", "--base", "HEAD", "--format", format] + Self.now, in: repository.url)
      let elapsed = Date().timeIntervalSince(started)
      #expect(fromGit.status == 0, "\(fromGit.stderr)")
      // Found taking 50 s here, one git process per record; it takes well under a second now.
      #expect(elapsed < 15, "diff --base HEAD took \(elapsed) s at 1,000 records")
      let fromFolder = try HeraldProcess.run(
        ["diff", "--base-dir", base.url.path, "--format", format] + Self.now, in: repository.url)
      #expect(fromFolder.status == 0, "\(fromFolder.stderr)")
      #expect(fromGit.stdout == fromFolder.stdout, "\(format)")
      #expect(fromGit.stdout.contains("brand-new") && fromGit.stdout.contains("old-30"))
      #expect(fromGit.stdout.contains("Five") && fromGit.stdout.contains("1.10.0"))
    }
  }

  @Test(
    "a changed herald.yaml reads the base's folder from git, and clears what a killed diff left")
  func changedSettingsAndAbandonedFolders() throws {
    let (repository, base) = try Self.committedSite()
    try Self.edit(repository, "herald.yaml", "title: Linewise", "title: Linewise news")
    try Self.edit(
      repository, "content/announcements/sunset-1-8.md", "belowVersion: 1.9.0",
      "belowVersion: 1.10.0")
    let scratch = try TemporaryDirectory()
    // What a diff killed while it read the base leaves: its folder, named for its process.
    let abandoned = scratch.path("herald-base-\(try Self.deadProcessID())-0a1b2c3d")
    try FileManager.default.createDirectory(
      atPath: abandoned + "/content/announcements", withIntermediateDirectories: true)
    try Data("title: x\n".utf8).write(to: URL(fileURLWithPath: abandoned + "/herald.yaml"))
    let fromGit = try HeraldProcess.run(
      ["diff", "--base", "HEAD", "--format", "json"] + Self.now, in: repository.url,
      environment: ["TMPDIR": scratch.url.path])
    #expect(fromGit.status == 0, "\(fromGit.stderr)")
    let fromFolder = try HeraldProcess.run(
      ["diff", "--base-dir", base.url.path, "--format", "json"] + Self.now, in: repository.url)
    #expect(fromGit.stdout == fromFolder.stdout)
    #expect(fromGit.stdout.contains("wider-wall"))
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
      .filter { $0.hasPrefix("herald-") }
    #expect(left.isEmpty, "left behind: \(left)")
  }
}
