import HeraldCore
import HeraldFiles

/// Which herald is running: its version and its executable's file (so a rebuilt herald, even of
/// the same version, never trusts what another one cached or fingerprinted).
enum HeraldIdentity {
  /// The identity of this process's herald.
  static let current: String = {
    var identity = "herald " + HeraldVersion.current
    if let path = FileSystem.resolve("/proc/self/exe"), let file = FileSignature.of(path) {
      identity += " \(path) \(file.device):\(file.inode):\(file.size):\(file.modified)"
    }
    return identity
  }()
}
