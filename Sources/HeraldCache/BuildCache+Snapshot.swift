import HeraldBuild
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

extension BuildCache: SnapshotStore {
  /// The file of the snapshot in the cache's folder (the folder is the output's own).
  static let snapshotName = "snapshot"

  /// The disk cache keeps the output's snapshot beside its database.
  package var snapshots: (any SnapshotStore)? { self }

  /// The snapshot's sealed bytes, if one was kept.
  package func readSnapshot() -> [UInt8]? {
    FileSystem.read(folder + "/" + Self.snapshotName)
  }

  /// Keeps a snapshot in one step: written under a name of this process's, then renamed.
  package func keepSnapshot(_ sealed: UnsafeRawBufferPointer) {
    let path = folder + "/" + Self.snapshotName
    let temporary = path + ".\(getpid())"
    do {
      try FileSystem.write(sealed, to: temporary)
      try FileSystem.rename(temporary, to: path)
    } catch {
      try? FileSystem.removeTree(temporary)
    }
  }
}
