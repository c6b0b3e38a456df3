import Foundation
import HeraldClient
import HeraldFiles
import HeraldSigning
import Synchronization

/// `herald deploy`: puts a built output into an S3-compatible bucket in the order that keeps every
/// pointer's documents there first, never sends what is there with the same SHA-256, deletes only
/// after the pointers are up, and stops cleanly when another deploy ran meanwhile (DESIGN §10).
package struct Deployer: Sendable {
  /// The built output.
  package let output: String
  /// The store.
  package let client: S3Client
  /// How many recent deploys' content-addressed documents are kept.
  package let keep: Int
  /// The most files a deploy may delete.
  package let maxDeletes: Int
  /// The purge URL template (`{path}` stands for a pointer's path), or nil.
  package let purge: String?
  /// Whether to print the plan and send nothing.
  package let dryRun: Bool

  /// Describes a deploy.
  package init(
    output: String, client: S3Client, keep: Int, maxDeletes: Int, purge: String?, dryRun: Bool
  ) {
    self.output = output
    self.client = client
    self.keep = keep
    self.maxDeletes = maxDeletes
    self.purge = purge
    self.dryRun = dryRun
  }

  /// What a deploy did (or, dry, would do).
  package struct Report: Sendable {
    /// The files put, in order.
    package var puts: [String] = []
    /// Their bytes.
    package var bytes = 0
    /// Files already there with the same SHA-256.
    package var unchanged = 0
    /// The objects deleted.
    package var deletes: [String] = []
    /// The purge requests that failed, with why.
    package var purgeFailures: [String] = []
    /// Whether it resumed a deploy that had stopped.
    package var resumed = false
  }

  /// Runs the deploy; every refusal comes before the first PUT.
  package func run() -> Result<Report, DeployError> {
    let lock: FolderLock
    switch checkOutput() {
    case .success(let held): lock = held
    case .failure(let error): return .failure(error)
    }
    return withExtendedLifetime(lock) { deploy() }
  }

  private func deploy() -> Result<Report, DeployError> {
    let location = client.location
    let files: [DeployFile]
    let existing: [String: String]
    let record: DeployRecord
    let knowsHistory: Bool
    do throws(DeployError) {
      files = try DeployFile.scan(output).get()
      var byPath: [String: String] = [:]
      for (key, etag) in try client.list().get() {
        if let path = location.path(key) { byPath[path] = etag }
      }
      existing = byPath
      let found = DeployRecord.read(try client.get(location.key(DeployRecord.path)).get())
      record = found ?? .init()
      knowsHistory = found != nil
    } catch {
      return .failure(error)
    }
    let local = Set(files.map(\.path))
    let objects = files.map(\.path).filter { $0.hasPrefix(DeployFile.objectsFolder) }
    let named = Set([objects] + record.deploys.prefix(max(0, keep - 1))).reduce(
      into: Set<String>()
    ) { $0.formUnion($1) }
    // With no readable record, nothing says which copies the bucket's index still names (a bucket
    // filled by another tool, a record deleted by hand): every copy is spared.
    let deletes = existing.keys.filter {
      !local.contains($0) && $0 != DeployRecord.path && !named.contains($0)
        && (knowsHistory || !$0.hasPrefix(DeployFile.objectsFolder))
    }.sorted()
    guard deletes.count <= maxDeletes else {
      return .failure(
        .usage(
          "the deploy would delete \(deletes.count) files of \(location), over --max-deletes"
            + " \(maxDeletes); nothing was sent",
          hint: "check --to and --output; if the deletes are meant, raise --max-deletes"))
    }
    var startETags: [String: String] = [:]
    for file in files where file.phase.isPointer {
      if let etag = existing[file.path] { startETags[file.path] = etag }
    }
    func isThere(_ file: DeployFile, _ stored: DeployRecord.Stored?) -> Bool {
      guard let stored, stored.sha256 == file.sha256 else { return false }
      return existing[file.path] == stored.etag
    }
    var report = Report()
    if dryRun {
      // What a killed deploy put is not put again: its journal counts, as a resume reads it.
      let resumed = DeployJournal.read(output: output, target: location.description)?.done ?? [:]
      for file in files.sorted(by: { $0.phase < $1.phase })
      where !isThere(file, record.files[file.path]) && !isThere(file, resumed[file.path]) {
        report.puts.append(file.path)
        report.bytes += file.size
      }
      report.unchanged = files.count - report.puts.count
      report.deletes = deletes
      return .success(report)
    }
    let header = DeployJournal.Header(target: location.description, startETags: startETags)
    let journal: DeployJournal
    switch DeployJournal.open(output: output, header: header) {
    case .success(let opened): journal = opened
    case .failure(let error): return .failure(error)
    }
    let resumedDone = journal.done.withLock { $0 }
    report.resumed = !resumedDone.isEmpty
    let pending = files.filter {
      !isThere($0, record.files[$0.path]) && !isThere($0, resumedDone[$0.path])
    }
    report.unchanged = files.count - pending.count
    for phase in DeployFile.Phase.allCases {
      let batch = pending.filter { $0.phase == phase }
      if let failure = put(batch, journal: journal, start: journal.header.startETags) {
        if case .conflict = failure { DeployJournal.remove(output: output) }
        return .failure(failure)
      }
      report.puts += batch.map(\.path)
      report.bytes += batch.reduce(0) { $0 + $1.size }
    }
    // The record, then the deletes: only once every pointer is up.
    let done = journal.done.withLock { $0 }
    var next = DeployRecord()
    for file in files {
      if let stored = done[file.path], stored.sha256 == file.sha256 {
        next.files[file.path] = stored
      } else if let stored = record.files[file.path], isThere(file, stored) {
        next.files[file.path] = stored
      }
    }
    // A deploy whose copies are the last one's adds no entry: an unchanged redeploy puts nothing.
    let history = record.deploys.first == objects ? record.deploys : [objects] + record.deploys
    next.deploys = Array(history.prefix(max(1, keep)))
    if next != record {
      let bytes = next.bytes
      let put = client.put(
        location.key(DeployRecord.path), bytes: bytes,
        sha256: SHA256Digest.hex(bytes), contentType: "application/json",
        cacheControl: "no-store")
      if case .failure(let error) = put { return .failure(error) }
    }
    for path in deletes {
      if case .failure(let error) = client.delete(location.key(path)) { return .failure(error) }
      report.deletes.append(path)
    }
    if let purge {
      let pointers = pending.filter(\.phase.isPointer).map(\.path)
      report.purgeFailures = Self.purge(pointers, template: purge)
    }
    DeployJournal.remove(output: output)
    return .success(report)
  }

  /// Puts a phase's files (several at once), each noted in the journal; the first failure, or nil.
  ///
  /// A pointer is put only if no other deploy replaced it since this one began.
  private func put(
    _ batch: [DeployFile], journal: DeployJournal, start: [String: String]
  ) -> DeployError? {
    let failure = Mutex<DeployError?>(nil)
    let output = output
    let client = client
    DispatchQueue.concurrentPerform(iterations: min(8, batch.count)) { lane in
      for index in stride(from: lane, to: batch.count, by: min(8, batch.count)) {
        if failure.withLock({ $0 != nil }) { return }
        let file = batch[index]
        guard case .success(let bytes) = FileSystem.readRegular(output + "/" + file.path),
          SHA256Digest.hex(bytes) == file.sha256
        else {
          failure.withLock {
            $0 = $0 ?? .io("\(output)/\(file.path) changed during the deploy", hint: nil)
          }
          return
        }
        var condition = S3Client.Condition.none
        if file.phase.isPointer {
          let own = journal.done.withLock { $0[file.path]?.etag }
          condition = (own ?? start[file.path]).map { .ifMatch($0) } ?? .absent
        }
        let key = client.location.key(file.path)
        switch client.put(
          key, bytes: bytes, sha256: file.sha256, contentType: file.contentType,
          cacheControl: file.cacheControl, condition: condition)
        {
        case .success(.stored(let etag)):
          journal.record(file.path, DeployRecord.Stored(sha256: file.sha256, etag: etag))
        case .success(.preconditionFailed):
          // A deploy killed after its write landed and before its journal said so finds its own
          // bytes there: that is no other deploy.
          if case .success(let found?) = client.head(key), found.sha256 == file.sha256 {
            journal.record(file.path, DeployRecord.Stored(sha256: file.sha256, etag: found.etag))
            continue
          }
          failure.withLock {
            $0 =
              $0
              ?? .conflict(
                "another deploy replaced \(key) since this one began; this one stopped, and"
                  + " deleted nothing",
                hint: "build again from the latest commit and deploy; one deploy at a time"
                  + " (a CI concurrency group) avoids this")
          }
        case .failure(let error):
          failure.withLock { $0 = $0 ?? error }
        }
      }
    }
    return failure.withLock { $0 }
  }

  /// Asks the CDN to drop the pointers it caches: a `PURGE` of the template with each path;
  /// the failures, with why (the deploy itself stands).
  static func purge(_ paths: [String], template: String) -> [String] {
    var failures: [String] = []
    for path in paths {
      let url = template.replacingOccurrences(of: "{path}", with: path)
      switch CurlRequest(method: "PURGE", url: url, timeout: 30).perform() {
      case .success(let reply) where (200..<300).contains(reply.status): break
      case .success(let reply): failures.append("\(url): \(reply.status)")
      case .failure(let failure): failures.append("\(url): \(failure)")
      }
    }
    return failures
  }

  /// The output's lock, once it is known to be a whole build's output that no build is writing.
  private func checkOutput() -> Result<FolderLock, DeployError> {
    guard FileSystem.exists(output + "/.herald-output") else {
      return .failure(
        .usage(
          "\(output) is not the output of herald build (it has no .herald-output)",
          hint: "run herald build first, or pass its folder with --output"))
    }
    let lock: FolderLock?
    do {
      lock = try FolderLock.attempt(file: output + "/.herald-lock")
    } catch {
      return .failure(.io("cannot lock \(output): \(error)", hint: nil))
    }
    guard let lock else {
      return .failure(
        .usage(
          "a build is writing \(output); nothing was sent",
          hint: "deploy once the build has finished"))
    }
    for name in [".herald-journal", ".herald-staging"] where FileSystem.exists(output + "/" + name)
    {
      return .failure(
        .usage(
          "\(output) holds a build that stopped while moving its files in (\(name)); nothing was"
            + " sent",
          hint: "run herald build again: it completes or replaces it"))
    }
    return .success(lock)
  }
}
