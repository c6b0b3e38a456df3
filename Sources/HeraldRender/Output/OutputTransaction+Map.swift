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
        path: file.path, number: file.number, isChanged: true,
        signature: FileSignature.of(output + "/" + file.path))
    }
  }

  /// For each file, in order, its entry in the map when the map holds its fingerprint and it is
  /// still the file herald put in place, else nil (looked at in parallel: one `stat` each).
  ///
  /// The files are found in the map by one walk of the two lists, the map's sorted by path and a
  /// build's plan too (a file out of that order is searched for, and the walk goes on from it).
  /// A binary search per file read the map's middle paths from both threads at once, and their
  /// shared reference counts took about a third of this step's processor time at 50,000 records
  /// (the copies of the documents, which the map lists besides the plan's files, made every
  /// rebuild search).
  static func unchanged(
    _ files: [OutputWriter.Planned], map: OutputMap?, output: String
  ) -> [OutputMap.Entry?] {
    guard let map else { return Array(repeating: nil, count: files.count) }
    let sorted = map.sorted
    var candidates: [(path: String, entry: OutputMap.Entry)?] = []
    candidates.reserveCapacity(files.count)
    var next = 0
    for file in files {
      // Every path before `next` precedes the previous file's: a file whose place is further back
      // (the plan out of order) is searched for.
      if next > 0, !sorted[next - 1].path.precedesBytewise(file.path) {
        next = map.lowerBound(of: file.path)
      }
      while next < sorted.count, sorted[next].path.precedesBytewise(file.path) { next += 1 }
      guard next < sorted.count, sorted[next].path == file.path,
        let fingerprint = file.fingerprint, sorted[next].entry.fingerprint == fingerprint
      else {
        candidates.append(nil)
        continue
      }
      candidates.append((file.path, sorted[next].entry))
    }
    let folder = OpenFolder(output)
    return candidates.concurrentMap { candidate in
      candidate.flatMap { $0.entry.isInPlace($0.path, in: folder) ? $0.entry : nil }
    }
  }

  /// Writes the output map for the files now in place; without a key, removes a map that would
  /// now be stale.
  ///
  /// A map that cannot be written only costs the next build some rendering. `inPlace` says
  /// whether the previous map is still in the output (a commit that moved files removed it
  /// first).
  func keepMap(_ staged: [StagedFile], inPlace: Bool) {
    let outputDirectory = writer.outputDirectory
    let previous = map
    let path = outputDirectory + "/" + OutputMap.fileName
    guard let keyIdentifier else {
      if FileSystem.exists(path) { try? FileSystem.removeTree(path) }
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
    func add(_ path: String, _ fingerprint: Fingerprint) {
      guard let signature = signatures[path] else { return }
      let entry = OutputMap.Entry(fingerprint: fingerprint, signature: signature)
      if !changed && previous?.entry(at: path) != entry { changed = true }
      entries.append((path, entry))
    }
    for (file, keptEntry) in zip(files, kept) {
      if let keptEntry {
        entries.append((file.path, keptEntry))
      } else {
        // A file without a fingerprint (the channel, the statement) is listed under one that no
        // plan gives, so the map names every file of the tree and never vouches for it.
        add(file.path, file.fingerprint ?? .zero)
      }
    }
    let extra = treePaths.dropFirst(files.count)
    if !extra.isEmpty {
      for path in extra {
        if signatures[path] != nil {
          add(path, .zero)
        } else if let entry = previous?.entry(at: path) {
          // A file added after the plan and left in place (a copy the channel still names).
          entries.append((path, entry))
        } else if let signature = FileSignature.of(outputDirectory + "/" + path) {
          changed = true
          entries.append((path, OutputMap.Entry(fingerprint: .zero, signature: signature)))
        }
      }
      entries.sort { $0.path.precedesBytewise($1.path) }
    }
    // The previous map's paths in its order are sorted already (an edit's); any other order (or
    // a path twice) is put right here.
    let alike = previous?.hasPaths(of: entries) ?? false
    let made = alike ? OutputMap(sorted: entries) : OutputMap(entries)
    // An unchanged map is not written again, so a build that changed nothing touches nothing.
    guard changed || !inPlace || made.sorted.count != previous?.sorted.count else { return }
    let sealed = OutputMap.sealed(made.sorted, keyIdentifier: keyIdentifier)
    try? OutputMap.place(sealed, output: outputDirectory)
  }
}
