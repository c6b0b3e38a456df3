import Foundation
import HeraldContent
import HeraldCore
import HeraldTestSupport
import Testing

/// The pull-request workflow `herald init` writes, its shell steps run here as GitHub would run
/// them (the built herald on the PATH, as the cached one is there; `gh` recording what it posts),
/// against scratch repositories: the pull request that adds the site, one that widens a wall, one
/// with an error.
@Suite("The pull-request workflow, its steps run locally", .serialized)
struct WorkflowTests {
  /// One step of the workflow: its name, condition and shell script.
  struct Step {
    let name: String
    let condition: String?
    let run: String?
    var uses: String? = nil
    var with: [String: String] = [:]
  }

  /// What running the steps gave: each step's exit status (nil when skipped) and output.
  struct Outcome {
    var status: [String: Int32?] = [:]
    var output: [String: String] = [:]
    var comments: [String] = []
    var summary = ""
  }

  /// A scratch repository with `main` and a pull request branch, and git run in it.
  final class Repository {
    let folder: TemporaryDirectory

    init() throws {
      folder = try TemporaryDirectory()
      try git("init", "-q", "-b", "main")
      try git("commit", "-q", "--allow-empty", "-m", "start")
    }

    func git(_ arguments: String...) throws {
      #expect(try ScratchGit.run(arguments, in: folder.url) == 0, "git \(arguments)")
    }

    /// Commits everything on the current branch.
    func commitAll(_ message: String) throws {
      try git("add", "-A")
      try git("commit", "-q", "-m", message)
    }

    /// Copies a folder's files in, replacing what is there.
    func copy(_ source: URL) throws {
      let files = FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil)
      while let url = files?.nextObject() as? URL {
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else {
          continue
        }
        let relative = String(url.path.dropFirst(source.path.count + 1))
        try folder.write(relative, String(contentsOf: url, encoding: .utf8))
      }
    }
  }

  /// The workflow's steps, read with herald's own YAML reader.
  static func steps(_ workflow: String) throws -> [Step] {
    guard case .success(let root?) = YAMLReader.read(workflow, file: "herald.yml"),
      let jobs = root.member("jobs"), let job = jobs.member("check-and-diff"),
      case .sequence(let steps)? = job.member("steps")?.value
    else { throw WorkflowError(message: "the workflow has no check-and-diff steps") }
    return steps.map { step in
      var inputs: [String: String] = [:]
      if case .mapping(let entries)? = step.member("with")?.value {
        for entry in entries { inputs[entry.key] = entry.value.text }
      }
      return Step(
        name: step.member("name")?.text ?? step.member("uses")?.text ?? "",
        condition: step.member("if")?.text, run: step.member("run")?.text,
        uses: step.member("uses")?.text, with: inputs)
    }
  }

  struct WorkflowError: Error { let message: String }

  /// Runs the steps' scripts, as the runner would.
  ///
  /// A step without a condition runs only after every earlier one succeeded; the action that
  /// installs herald is the built herald on the PATH (Tests/Release/run runs the action's script on
  /// a real release). A `fork` pull request's token cannot comment.
  static func run(_ steps: [Step], in repository: Repository, fork: Bool = false) throws -> Outcome
  {
    var outcome = Outcome()
    let herald = HeraldProcess.executable.deletingLastPathComponent().path
    let tools = try TemporaryDirectory()
    let posted = tools.path("posted")
    try tools.write(
      "gh",
      "#!/bin/sh\nprintf '%s\\n' \"$*\" >> \(posted)\n"
        + "[ \"$4\" = \"--edit-last\" ] && exit 1\ncat \"$5\" >> \(posted)\n")
    chmod(tools.path("gh"), 0o755)
    var failed = false
    for step in steps {
      guard let script = step.run else { continue }
      let runs: Bool
      switch step.condition {
      case nil: runs = !failed
      case "always()": runs = true
      case "always() && hashFiles('herald-diff.md') != '' && github.event.pull_request.head.repo.full_name == github.repository":
        runs =
          FileManager.default.fileExists(atPath: repository.folder.path("herald-diff.md"))
          && !fork
      case let other?: throw WorkflowError(message: "a condition this test cannot run: \(other)")
      }
      guard runs else {
        outcome.status[step.name] = .some(nil)
        continue
      }
      var text = script.replacingOccurrences(
        of: "${{ github.event.pull_request.number }}", with: "7")
      text = text.replacingOccurrences(of: "${{ github.token }}", with: "token")
      #expect(!text.contains("${{"), "an expression this test does not fill in: \(text)")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", "-c", text]
      process.currentDirectoryURL = repository.folder.url
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] =
        "\(tools.url.path):\(herald):" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["GITHUB_BASE_REF"] = "main"
      environment["GITHUB_PATH"] = tools.path("github-path")
      environment["GITHUB_STEP_SUMMARY"] = tools.path("summary")
      environment["GH_TOKEN"] = "token"
      environment["SOURCE_DATE_EPOCH"] = "1796040000"
      environment["HERALD_CACHE_DIR"] = Fixtures.cacheRoot
      process.environment = environment
      let output = tools.url.appending(path: "output-\(outcome.output.count)")
      FileManager.default.createFile(atPath: output.path, contents: nil)
      let handle = try FileHandle(forWritingTo: output)
      process.standardOutput = handle
      process.standardError = handle
      try process.run()
      process.waitUntilExit()
      try handle.close()
      outcome.status[step.name] = process.terminationStatus
      outcome.output[step.name] = try String(contentsOf: output, encoding: .utf8)
      if process.terminationStatus != 0 { failed = true }
    }
    if let text = try? String(contentsOfFile: posted, encoding: .utf8) {
      outcome.comments = [text]
    }
    outcome.summary = (try? String(contentsOfFile: tools.path("summary"), encoding: .utf8)) ?? ""
    return outcome
  }

  /// The workflow `herald init` writes into a new site.
  static func workflow(in repository: Repository) throws -> [Step] {
    try steps(
      String(
        contentsOfFile: repository.folder.path(".github/workflows/herald.yml"), encoding: .utf8))
  }

  static let check = "Check (problems appear on the pull request's lines)"
  static let diff = "What this change does to users"
  static let comment = "Comment on the pull request"

  /// Puts a pull request's branch in place: `main` pushed to origin, the branch checked out.
  static func openPullRequest(_ repository: Repository, branch: String) throws {
    try repository.git("checkout", "-q", "-b", branch)
  }

  static func fetchOrigin(_ repository: Repository) throws {
    try repository.git("remote", "add", "origin", repository.folder.url.path)
    try repository.git("fetch", "-q", "origin")
  }

  @Test("the pull request that adds the site: checked, and described as a new channel")
  func firstPullRequest() throws {
    let repository = try Repository()
    try Self.fetchOrigin(repository)
    try Self.openPullRequest(repository, branch: "add-site")
    let initRun = try HeraldProcess.run(
      ["init", "--title", "Kettle"], in: repository.folder.url,
      environment: ["SOURCE_DATE_EPOCH": "1796040000"])
    #expect(initRun.status == 0, "\(initRun.stderr)")
    // As init left it, the check fails on its placeholders; filled in, the pull request passes.
    try repository.commitAll("add the site")
    let placeholders = try Self.run(try Self.workflow(in: repository), in: repository)
    #expect(placeholders.status[Self.check] == 1, "\(placeholders.output[Self.check] ?? "")")
    #expect(placeholders.output[Self.check]?.contains("placeholder-base-url") == true)
    try InitCommandTests.fillIn(repository.folder.url.path)
    try repository.commitAll("fill in the site")
    let outcome = try Self.run(try Self.workflow(in: repository), in: repository)
    #expect(outcome.status[Self.check] == 0, "\(outcome.output[Self.check] ?? "")")
    #expect(outcome.status[Self.diff] == 0, "\(outcome.output[Self.diff] ?? "")")
    let comment = try #require(outcome.comments.first)
    #expect(comment.hasPrefix("pr comment 7 --edit-last --body-file herald-diff.md\n"))
    #expect(comment.contains("**A new channel.** The base has no site yet"))
    #expect(comment.contains("- `welcome` (INFO WHATS_NEW"))
  }

  /// A channel with a wall on `main`, and a pull request's branch that widens it.
  static func wideningPullRequest(branch: String) throws -> Repository {
    let repository = try Repository()
    let fixture = Fixtures.root.appending(path: "diff/widened-wall")
    try repository.copy(fixture.appending(path: "base"))
    try repository.commitAll("the channel")
    try fetchOrigin(repository)
    try openPullRequest(repository, branch: branch)
    try repository.copy(fixture.appending(path: "head"))
    // Widened with belowVersion, so hotfixes below the next release are walled too (check
    // --strict refuses a maxVersion that lets them escape).
    let wall = repository.folder.path("content/announcements/update-1-0.md")
    try repository.folder.write(
      "content/announcements/update-1-0.md",
      try String(contentsOfFile: wall, encoding: .utf8).replacingOccurrences(
        of: "maxVersion: 1.1.9", with: "belowVersion: 1.2.0"))
    try repository.folder.write(".github/workflows/herald.yml", try initWorkflowText())
    try repository.commitAll("widen the wall")
    return repository
  }

  @Test("a pull request that widens a wall: the comment names the releases it now walls")
  func widenedWall() throws {
    let repository = try Self.wideningPullRequest(branch: "widen")
    let outcome = try Self.run(try Self.workflow(in: repository), in: repository)
    #expect(outcome.status[Self.check] == 0, "\(outcome.output[Self.check] ?? "")")
    #expect(outcome.status[Self.diff] == 0, "\(outcome.output[Self.diff] ?? "")")
    let comment = try #require(outcome.comments.first)
    #expect(comment.contains("**Wider wall** `update-1-0`: now also walls ios 1.1.0"))
    #expect(!comment.contains("A new channel"))
  }

  @Test("a pull request with an error: check fails with a GitHub annotation and nothing is posted")
  func pullRequestWithError() throws {
    let repository = try Repository()
    let fixture = Fixtures.root.appending(path: "diff/widened-wall")
    try repository.copy(fixture.appending(path: "base"))
    try repository.commitAll("the channel")
    try Self.fetchOrigin(repository)
    try Self.openPullRequest(repository, branch: "broken")
    try repository.folder.write("content/announcements/bad.md", "---\nid: bad\n---\n")
    try repository.folder.write(".github/workflows/herald.yml", try Self.initWorkflowText())
    try repository.commitAll("a record without a title")
    let outcome = try Self.run(try Self.workflow(in: repository), in: repository)
    #expect(outcome.status[Self.check] == 1)
    #expect(
      outcome.output[Self.check]?.contains("::error file=content/announcements/bad.md,line=1")
        == true, "\(outcome.output[Self.check] ?? "")")
    #expect(outcome.status[Self.diff] == 1, "the diff step runs and fails too")
    #expect(outcome.status[Self.comment] == .some(nil), "no empty comment is posted")
    #expect(outcome.comments.isEmpty)
  }

  /// Issue 52: the workflow installs this herald's release through action.yml.
  ///
  /// It built herald from source (a Swift container, every -dev package) at a commit of a
  /// repository that a binary built outside a GitHub clone left empty, so the first pull request
  /// failed.
  @Test("the workflow installs this herald's release with the action, and builds nothing")
  func installsThisRelease() throws {
    let steps = try Self.steps(try Self.initWorkflowText())
    let install = try #require(steps.first { $0.name == "Install herald" })
    #expect(install.uses == "herald-dev/herald@v\(HeraldVersion.current)")
    #expect(install.with == ["version": HeraldVersion.current])
    for step in steps {
      #expect(step.run?.contains("apt-get") != true, "\(step.name) installs packages")
      #expect(step.run?.contains("swift build") != true, "\(step.name) builds herald")
    }
    let action = try String(
      contentsOf: Fixtures.packageRoot.appending(path: "action.yml"), encoding: .utf8)
    #expect(action.contains("using: composite"))
    #expect(action.contains("run: '\"$GITHUB_ACTION_PATH/scripts/install-release\"'"))
  }

  @Test("a fork's pull request: checked, its diff in the job's summary, no comment attempted")
  func forkPullRequest() throws {
    let repository = try Self.wideningPullRequest(branch: "from-a-fork")
    let outcome = try Self.run(try Self.workflow(in: repository), in: repository, fork: true)
    #expect(outcome.status[Self.check] == 0, "\(outcome.output[Self.check] ?? "")")
    #expect(outcome.status[Self.diff] == 0, "\(outcome.output[Self.diff] ?? "")")
    #expect(outcome.status[Self.comment] == .some(nil), "a fork's token cannot comment")
    #expect(outcome.comments.isEmpty)
    #expect(outcome.summary.contains("**Wider wall** `update-1-0`: now also walls ios 1.1.0"))
  }

  /// The workflow file as `herald init` writes it.
  static func initWorkflowText() throws -> String {
    let scratch = try TemporaryDirectory()
    let run = try HeraldProcess.run(["init", scratch.path("site")])
    #expect(run.status == 0, "\(run.stderr)")
    return try String(
      contentsOfFile: scratch.path("site/.github/workflows/herald.yml"), encoding: .utf8)
  }
}

extension SourceNode {
  /// The value of a mapping's key.
  fileprivate func member(_ key: String) -> SourceNode? {
    guard case .mapping(let entries) = value else { return nil }
    return entries.first { $0.key == key }?.value
  }

  /// A scalar's text.
  fileprivate var text: String? {
    switch value {
    case .scalar(.plain(let text)), .scalar(.string(let text)), .scalar(.number(let text)):
      return text
    case .scalar(.boolean(let value)): return String(value)
    default: return nil
    }
  }
}
