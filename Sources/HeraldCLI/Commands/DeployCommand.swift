import Foundation
import HeraldCore
import HeraldDeploy

/// `herald deploy`: the last mile, a built output into an S3-compatible bucket in the order that
/// keeps every pointer's documents there first (DESIGN §10).
enum DeployCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "deploy",
    abstract: "Upload the built output to S3, R2, GCS or any S3-compatible store, in a safe order.",
    options: [to, output, endpoint, region, profile, keep, maxDeletes, purge, dryRun],
    discussion: """
      Never builds: uploads the output of the last build. Files already in the bucket with the
      same SHA-256 are not sent; the others go in order: what nothing points at yet (the
      content-addressed documents, pages, assets), the canonical manifests, each locale's index,
      signed.json, and api/v1/index.json last, each pointer only if no other deploy replaced it
      since this one began. Deletes come last. Credentials: AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), else the shared credentials file's profile.
      A deploy killed at any step resumes when run again. See docs/deploy.md.
      """)

  static let to = Option(
    "--to", "s3://BUCKET[/PREFIX]", "The bucket, and the folder in it (required).",
    required: "write herald deploy --to s3://my-bucket/whats-new")
  static let output = Option(
    "--output", "DIR", "The built output (default: public/ in the current folder).")
  static let endpoint = Option(
    "--endpoint", "URL",
    "The store's endpoint (default: AWS S3's for the region; R2's, GCS's or your own otherwise).")
  static let region = Option(
    "--region", "REGION", "The region to sign for (default: AWS_REGION, else us-east-1).")
  static let profile = Option(
    "--profile", "NAME", "The shared credentials file's profile (default: AWS_PROFILE).")
  static let keep = Option(
    "--keep", "N", "Keep the content-addressed documents of the last N deploys (default: 5).",
    read: count("--keep", least: 1))
  static let maxDeletes = Option(
    "--max-deletes", "N", "Stop before sending anything if more would go (default: 256).",
    read: count("--max-deletes", least: 0))
  static let purge = Option(
    "--purge", "none|URL-TEMPLATE",
    "After the pointers are up, send PURGE to the template for each changed pointer ({path}).")
  static let dryRun = Flag("--dry-run", "Print what would be sent and deleted; send nothing.")

  /// Reads a whole number of at least `least`.
  static func count(_ name: String, least: Int) -> @Sendable (String) throws(UsageError) -> Int {
    { text throws(UsageError) in
      guard let value = Int(text), value >= least else {
        throw UsageError(
          message: "\(name) needs a whole number of at least \(least), not '\(text)'", hint: nil)
      }
      return value
    }
  }

  /// What `herald deploy` was asked.
  struct Options: CommandOptions {
    let location: S3Location
    let output: String
    let endpoint: String?
    let region: String?
    let profile: String?
    let keep: Int
    let maxDeletes: Int
    let purge: String?
    let dryRun: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      let target = try arguments.value(DeployCommand.to) ?? ""
      switch S3Location.parse(target) {
      case .success(let location): self.location = location
      case .failure(let error): throw UsageError(message: error.message, hint: error.hint)
      }
      output = try arguments.value(DeployCommand.output) ?? "public"
      endpoint = try arguments.value(DeployCommand.endpoint)
      if let endpoint, !(endpoint.hasPrefix("https://") || endpoint.hasPrefix("http://")) {
        throw UsageError(
          message: "--endpoint \(endpoint) is not an http(s) URL",
          hint: "write it as https://<account>.r2.cloudflarestorage.com")
      }
      region = try arguments.value(DeployCommand.region)
      profile = try arguments.value(DeployCommand.profile)
      keep = try arguments.value(DeployCommand.keep) ?? 5
      maxDeletes = try arguments.value(DeployCommand.maxDeletes) ?? 256
      let purge = try arguments.value(DeployCommand.purge)
      self.purge = purge == "none" ? nil : purge
      if let purge = self.purge, !purge.contains("{path}") {
        throw UsageError(
          message: "--purge \(purge) has no {path}",
          hint: "write a URL template such as http://127.0.0.1:6081/whats-new/{path}, or none")
      }
      dryRun = try arguments.isSet(DeployCommand.dryRun)
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let environment = context.environment
    let credentials: AWSCredentials
    switch AWSCredentials.find(profile: options.profile, environment: environment) {
    case .success(let found): credentials = found
    case .failure(let error): return fail(error, context: context)
    }
    let region =
      options.region ?? environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"]
      ?? "us-east-1"
    let client = S3Client(
      endpoint: options.endpoint, region: region, location: options.location,
      credentials: credentials)
    let deployer = Deployer(
      output: options.output, client: client, keep: options.keep,
      maxDeletes: options.maxDeletes, purge: options.purge, dryRun: options.dryRun)
    let started = ContinuousClock.now
    switch deployer.run() {
    case .failure(let error):
      return fail(error, context: context)
    case .success(let report):
      let bytes = ByteSize.text(report.bytes)
      if options.dryRun {
        for path in report.puts { context.console.out("put \(path)") }
        for path in report.deletes { context.console.out("delete \(path)") }
        context.console.out(
          "would put \(report.puts.count) files (\(bytes)) and delete \(report.deletes.count)"
            + " in \(options.location); \(report.unchanged) unchanged")
        return .success
      }
      for failure in report.purgeFailures {
        context.console.error("warning: the purge of \(failure) failed")
      }
      let milliseconds = (ContinuousClock.now - started).milliseconds
      context.console.out(
        "deployed \(options.output) to \(options.location)"
          + (report.resumed ? " (resumed)" : "") + ": \(report.puts.count) files put (\(bytes)),"
          + " \(report.unchanged) unchanged, \(report.deletes.count) deleted in \(milliseconds) ms")
      return .success
    }
  }

  /// Reports a refusal and gives its exit status.
  static func fail(_ error: DeployError, context: CommandContext) -> ExitStatus {
    context.console.error("error: \(error.message)")
    if let hint = error.hint { context.console.error("  hint: \(hint)") }
    switch error {
    case .usage: return .usage
    case .remote: return .unavailable
    case .conflict: return .conflict
    case .io: return .ioFailure
    }
  }
}
