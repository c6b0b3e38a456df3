import Foundation
import HeraldFiles

/// Commits one file on a branch of its own (`herald/ID`) without touching the branch checked out,
/// its index or any other file: the commit is made from the branch's tree (or HEAD's, for a new
/// branch) with the file's bytes put in, through a temporary index.
///
/// So a product manager who saves in the composer never commits on main, whatever is checked out,
/// and never sweeps someone's unstaged work into the commit.
struct BranchCommit {
  /// The site folder (anywhere inside a git work tree).
  let siteDirectory: String

  /// What a commit made.
  struct Made: Sendable {
    /// The branch, such as `herald/dark-mode`.
    let branch: String
    /// The new commit's hash.
    let commit: String
  }

  typealias Failure = GitRevisionSite.Failure

  /// Whether the site is inside a git work tree.
  var isCheckout: Bool {
    (try? GitRevisionSite.git(["rev-parse", "--is-inside-work-tree"], in: siteDirectory))?
      .trimmingWhitespace() == "true"
  }

  /// Commits `bytes` as `file` (relative to the site) on `branch`, with `message`.
  func commit(file: String, bytes: [UInt8], branch: String, message: String) throws(Failure)
    -> Made
  {
    let git = { (arguments: [String], environment: [String: String]) throws(Failure) -> String in
      try GitRevisionSite.git(arguments, in: siteDirectory, environment: environment)
        .trimmingWhitespace()
    }
    let prefix = try git(["rev-parse", "--show-prefix"], [:])
    let reference = "refs/heads/" + branch
    let existing = try? git(["rev-parse", "--verify", "--quiet", reference + "^{commit}"], [:])
    let base: String
    if let existing {
      base = existing
    } else {
      base = try git(["rev-parse", "--verify", "HEAD^{commit}"], [:])
    }
    let scratch = FileManager.default.temporaryDirectory
      .appending(path: "herald-compose-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      try FileSystem.write(bytes, to: scratch.appending(path: "blob").path)
    } catch {
      throw Failure(message: "cannot write a temporary file for git: \(error)")
    }
    let index = ["GIT_INDEX_FILE": scratch.appending(path: "index").path]
    let blob = try git(["hash-object", "-w", "--", scratch.appending(path: "blob").path], [:])
    _ = try git(["read-tree", base], index)
    _ = try git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(prefix)\(file)"], index)
    let tree = try git(["write-tree"], index)
    let commit = try git(["commit-tree", tree, "-p", base, "-m", message], identity())
    // Only if the branch is still where it was read: a save meanwhile is not lost.
    _ = try git(["update-ref", reference, commit, existing ?? ""], [:])
    return Made(branch: branch, commit: commit)
  }

  /// The committer: the user's git identity, else the composer's own (a fresh machine has none,
  /// and a save should not fail for it).
  private func identity() -> [String: String] {
    let email = try? GitRevisionSite.git(["config", "user.email"], in: siteDirectory)
    guard email?.trimmingWhitespace().isEmpty ?? true else { return [:] }
    return [
      "GIT_AUTHOR_NAME": "Herald composer", "GIT_AUTHOR_EMAIL": "composer@herald.invalid",
      "GIT_COMMITTER_NAME": "Herald composer", "GIT_COMMITTER_EMAIL": "composer@herald.invalid",
    ]
  }

  /// Pushes a branch to `origin`; the address where a pull request for it is opened, when the
  /// remote is on GitHub or GitLab (nil for another host).
  func push(branch: String) throws(Failure) -> String? {
    _ = try GitRevisionSite.git(
      ["push", "--quiet", "origin", "refs/heads/\(branch):refs/heads/\(branch)"], in: siteDirectory)
    let remote = try GitRevisionSite.git(["remote", "get-url", "origin"], in: siteDirectory)
    return Self.pullRequestURL(remote: remote.trimmingWhitespace(), branch: branch)
  }

  /// Where a pull (or merge) request of `branch` is opened on the remote's host.
  static func pullRequestURL(remote: String, branch: String) -> String? {
    var path = remote
    for prefix in ["https://", "http://", "ssh://git@", "git@"] where path.hasPrefix(prefix) {
      path = String(path.dropFirst(prefix.count))
    }
    // git@github.com:owner/repo.git and ssh://git@github.com/owner/repo.git name the same place.
    path = path.replacingOccurrences(of: ":", with: "/")
    if path.hasSuffix(".git") { path = String(path.dropLast(4)) }
    if path.hasSuffix("/") { path = String(path.dropLast()) }
    let parts = path.split(separator: "/").map(String.init)
    guard parts.count >= 3, let host = parts.first else { return nil }
    let project = "https://" + parts.joined(separator: "/")
    switch host {
    case "github.com": return project + "/compare/\(branch)?expand=1"
    case "gitlab.com":
      return project + "/-/merge_requests/new?merge_request%5Bsource_branch%5D=\(branch)"
    default: return nil
    }
  }
}
