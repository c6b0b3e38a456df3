import Foundation
import HeraldFiles
import Synchronization

/// A deploy's journal beside the output (`.herald-deploy-journal`): where it goes, the ETags its
/// pointers had when it began, then a line for each file put, so a deploy killed at any step and
/// run again sends only what is left and still stops if another deploy ran meanwhile.
final class DeployJournal: Sendable {
  /// The journal's file name in the output.
  static let fileName = ".herald-deploy-journal"

  /// The first line: where the deploy goes and what its pointers were.
  struct Header: Codable, Sendable {
    /// The bucket and prefix (`s3://…`).
    let target: String
    /// Each pointer's ETag when the deploy began (absent: it did not exist).
    let startETags: [String: String]
  }

  /// A line for a file put.
  struct Entry: Codable, Sendable {
    let path: String
    let sha256: String
    let etag: String
  }

  /// The first line.
  let header: Header
  /// The files put so far, by path (those of the earlier, killed deploy included).
  let done: Mutex<[String: DeployRecord.Stored]>
  private let handle: FileHandle

  private init(header: Header, done: [String: DeployRecord.Stored], handle: FileHandle) {
    self.header = header
    self.done = Mutex(done)
    self.handle = handle
  }

  /// What an earlier deploy to the same target left in its journal, without opening it for
  /// writing; nil when there is none (or it is another target's, or unreadable).
  static func read(output: String, target: String)
    -> (header: Header, done: [String: DeployRecord.Stored])?
  {
    guard let bytes = FileSystem.read(output + "/" + fileName) else { return nil }
    let lines = bytes.split(separator: 0x0A)
    guard let first = lines.first,
      let header = try? JSONDecoder().decode(Header.self, from: Data(first)),
      header.target == target
    else { return nil }
    var done: [String: DeployRecord.Stored] = [:]
    for line in lines.dropFirst() {
      // A line cut short by the kill is not read: that file is put again.
      guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(line)) else { continue }
      done[entry.path] = DeployRecord.Stored(sha256: entry.sha256, etag: entry.etag)
    }
    return (header, done)
  }

  /// The journal of an earlier deploy to the same target, resumed; else a new one with this
  /// header.
  static func open(output: String, header: Header) -> Result<DeployJournal, DeployError> {
    let path = output + "/" + fileName
    var kept = header
    var done: [String: DeployRecord.Stored] = [:]
    if let earlier = read(output: output, target: header.target) {
      (kept, done) = earlier
    } else {
      try? FileSystem.removeTree(path)
    }
    do {
      if !FileSystem.exists(path) {
        try FileSystem.write(Array(try JSONEncoder().encode(kept)) + [0x0A], to: path)
      }
      guard let handle = FileHandle(forWritingAtPath: path) else {
        return .failure(.io("cannot write \(path)", hint: nil))
      }
      handle.seekToEndOfFile()
      return .success(DeployJournal(header: kept, done: done, handle: handle))
    } catch {
      return .failure(.io("cannot write \(path): \(error)", hint: nil))
    }
  }

  /// Notes a file put.
  func record(_ path: String, _ stored: DeployRecord.Stored) {
    let entry = Entry(path: path, sha256: stored.sha256, etag: stored.etag)
    guard let line = try? JSONEncoder().encode(entry) else { return }
    done.withLock { done in
      done[path] = stored
      handle.write(line + Data([0x0A]))
    }
  }

  /// Removes the journal of a finished deploy.
  static func remove(output: String) {
    try? FileSystem.removeTree(output + "/" + fileName)
  }
}
