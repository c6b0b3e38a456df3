import Foundation
import HeraldCore
import HeraldFiles
import Synchronization

/// The output map a build wrote, kept for the next build in the same process (`serve`), so that a
/// rebuild does not read and parse the map file it wrote itself.
///
/// It is used only while the map file is the one it describes: the file's size, inode and
/// modification time must be those recorded when it was written (or read), and the key the same.
package final class OutputMapMemo: Sendable {
  private let kept = Mutex<
    (output: String, keyIdentifier: Fingerprint, file: FileSignature, map: OutputMap)?
  >(nil)

  /// Makes an empty memo.
  package init() {}

  /// The map of an output: the memo's while the file is unchanged, else the file's.
  func read(output: String, keyIdentifier: Fingerprint) -> OutputMap? {
    let path = output + "/" + OutputMap.fileName
    let file = FileSignature.of(path)
    if let kept = kept.withLock({ $0 }), let file, kept.output == output,
      kept.keyIdentifier == keyIdentifier, kept.file == file
    {
      return kept.map
    }
    let map = OutputMap.read(output: output, keyIdentifier: keyIdentifier)
    remember(map, output: output, keyIdentifier: keyIdentifier)
    return map
  }

  /// Remembers the map now in the output's map file (nil forgets).
  func remember(_ map: OutputMap?, output: String, keyIdentifier: Fingerprint) {
    let file = FileSignature.of(output + "/" + OutputMap.fileName)
    kept.withLock { kept in
      if let map, let file {
        kept = (output, keyIdentifier, file, map)
      } else {
        kept = nil
      }
    }
  }
}
