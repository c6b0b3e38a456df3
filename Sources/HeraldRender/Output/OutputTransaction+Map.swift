import Foundation
import HeraldCore
import HeraldFiles

extension OutputTransaction {
  /// The staged files, each changed one that was renamed into place on its own with the
  /// signature it has there.
  static func signedInPlace(_ staged: [StagedFile], renamed: Set<String>, output: String)
    -> [StagedFile]
  {
    staged.map { file in
      guard file.isChanged, renamed.contains(file.path) else { return file }
      return StagedFile(
        path: file.path, isChanged: true, signature: FileSignature.of(output + "/" + file.path))
    }
  }

  /// For each file, in order, its entry in the map when the map holds its fingerprint and it is
  /// still the file herald put in place, else nil (looked at in parallel: one `lstat` each, unless
  /// a lookahead already found the `intact` entries).
  static func unchanged(
    _ files: [OutputWriter.Planned], map: OutputMap?, output: String,
    intact: [String: OutputMap.Entry]? = nil
  ) -> [OutputMap.Entry?] {
    guard let map else { return Array(repeating: nil, count: files.count) }
    if let intact { return files.map { entry(of: $0, in: intact) } }
    let folder = OpenFolder(output)
    return files.concurrentMap { file -> OutputMap.Entry? in
      entry(of: file, in: map.entries).flatMap { $0.isInPlace(file.path, in: folder) ? $0 : nil }
    }
  }

  /// The entry of a file among these, when it holds the file's fingerprint.
  private static func entry(
    of file: OutputWriter.Planned, in entries: [String: OutputMap.Entry]
  ) -> OutputMap.Entry? {
    guard let fingerprint = file.fingerprint, let entry = entries[file.path],
      entry.fingerprint == fingerprint
    else { return nil }
    return entry
  }

  /// Writes the output map for the files now in place; without a key, removes a map that would
  /// now be stale.
  ///
  /// `beside` is given the checksum of the map left in place (nil when there is none) as soon as
  /// it is known, and runs while the map is written. A map that cannot be written only costs the
  /// next build some rendering.
  func keepMap(_ staged: [StagedFile], beside: @Sendable (UInt64?) -> Void) {
    let outputDirectory = writer.outputDirectory
    let previous = map
    let path = outputDirectory + "/" + OutputMap.fileName
    guard let keyIdentifier else {
      if FileSystem.exists(path) { try? FileSystem.removeTree(path) }
      beside(nil)
      return
    }
    var signatures: [String: FileSignature] = [:]
    signatures.reserveCapacity(staged.count)
    for file in staged { if let signature = file.signature { signatures[file.path] = signature } }
    var entries: [OutputMap.Ordered] = []
    entries.reserveCapacity(files.count)
    // A kept entry is the previous map's; so the map is unchanged when every new entry equals
    // the previous one and the count is the same (paths being distinct, as checked below).
    var changed = false
    for (file, keptEntry) in zip(files, kept) {
      guard let fingerprint = file.fingerprint else { continue }
      if let keptEntry {
        entries.append((file.path, keptEntry))
      } else if let signature = signatures[file.path] {
        let entry = OutputMap.Entry(fingerprint: fingerprint, signature: signature)
        if !changed && previous?.entries[file.path] != entry { changed = true }
        entries.append((file.path, entry))
      }
    }
    // The plan comes sorted by path; any other order (or a path twice) is put right here.
    if !zip(entries, entries.dropFirst()).allSatisfy({ $0.path.precedesBytewise($1.path) }) {
      entries = OutputMap(entries).entries.map { (path: $0.key, entry: $0.value) }
        .sortedBytewise { $0.path }
    }
    // An unchanged map is not written again, so a build that changed nothing touches nothing.
    guard changed || entries.count != previous?.entries.count else {
      beside(previous?.checksum)
      return
    }
    let sealed = OutputMap.sealed(entries, keyIdentifier: keyIdentifier)
    nonisolated(unsafe) var placed = false
    DispatchQueue.concurrentPerform(iterations: 2) { task in
      if task == 0 {
        placed = (try? OutputMap.place(sealed.bytes, output: outputDirectory)) != nil
      } else {
        beside(sealed.checksum)
      }
    }
    memo?.remember(
      placed ? OutputMap(entries) : nil, output: outputDirectory, keyIdentifier: keyIdentifier)
  }
}
