import Foundation
import HeraldCore
import HeraldFiles

/// The output map, and which of the files it lists are still the ones herald put in place, looked
/// at on a thread of its own while the build plans, before it holds the output's lock.
///
/// `OutputWriter.begin` uses what it found only when, under the lock, the map file is still the
/// one that was read: every build that moves a file in or removes one writes a new map (a rename,
/// so a new inode), so an unchanged map file means no build changed the tree meanwhile. An edit at
/// 10,000 records spent some 30 ms reading the map and `stat`ing its files after planning, with
/// a core idle while it planned.
///
/// The files are `stat`ed in runs that any thread may take: a build that asks for the result
/// before the lookahead is done takes runs too, rather than wait with a core idle.
package final class OutputMapLookahead: @unchecked Sendable {
  /// What the lookahead found: the map as read, its file's signature, and the paths of the files
  /// no longer as herald put them in place (usually none).
  struct Found: Sendable {
    let file: FileSignature
    let map: OutputMap
    let moved: Set<String>
  }

  /// The output folder.
  let output: String
  /// The identifier of the key the map must have been made with.
  let keyIdentifier: Fingerprint
  private let done = DispatchGroup()
  private var found: Found?
  private let work: StatRuns

  /// Starts reading the map of an output made with this key, and `stat`ing its files.
  package init(output: String, keyIdentifier: Fingerprint) {
    self.output = output
    self.keyIdentifier = keyIdentifier
    let work = StatRuns()
    self.work = work
    done.enter()
    DispatchQueue.global().async { [self] in
      found = look(output: output, keyIdentifier: keyIdentifier)
      done.leave()
    }
  }

  /// What was found, once the lookahead is done, if it is for this output and key and the map file
  /// is still the one it read; nil otherwise (the caller reads the map itself).
  func result(output: String, keyIdentifier: Fingerprint) -> Found? {
    work.help()
    done.wait()
    guard output == self.output, keyIdentifier == self.keyIdentifier, let found,
      FileSignature.of(output + "/" + OutputMap.fileName) == found.file
    else { return nil }
    return found
  }

  private func look(output: String, keyIdentifier: Fingerprint) -> Found? {
    guard
      case .success(let (bytes, file)) = FileSystem.readRegularWithSignature(
        output + "/" + OutputMap.fileName),
      let map = OutputMap(bytes: bytes, keyIdentifier: keyIdentifier)
    else {
      work.start(entries: [], folder: nil)
      return nil
    }
    work.start(entries: map.sorted, folder: OpenFolder(output))
    return Found(file: file, map: map, moved: Set(work.finish()))
  }
}
