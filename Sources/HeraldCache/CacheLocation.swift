import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Where the build cache of an output lives: `$HERALD_CACHE_DIR`, else `$XDG_CACHE_HOME/herald`,
/// else `~/.cache/herald`, one folder per output folder.
///
/// Never inside the site, never inside the output (which is published, while the cache holds
/// scheduled and draft records too).
enum CacheLocation {
  /// The cache folder for an output folder, made if needed; nil when there is no safe place.
  ///
  /// A folder that another user could write is refused: whoever can write the cache decides what
  /// a build publishes.
  static func folder(forOutput resolvedOutput: String, environment: [String: String]) -> String? {
    let root: String
    if let explicit = environment["HERALD_CACHE_DIR"], !explicit.isEmpty {
      root = explicit
    } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      root = xdg + "/herald"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      root = home + "/.cache/herald"
    } else {
      return nil
    }
    var hasher = SipHasher(key: .zero)
    hasher.combine(resolvedOutput)
    let name = String(hasher.finalize().description.prefix(20))
    let folder = root + "/" + name
    guard let parent = root.lastIndex(of: "/").map({ String(root[..<$0]) }),
      parent.isEmpty || (try? FileSystem.makeDirectories(parent)) != nil,
      makePrivate(root), makePrivate(folder)
    else { return nil }
    return folder
  }

  /// Makes a folder only this user can open, or checks that an existing one is this user's (and
  /// closes it to others); false when it is not a folder of this user.
  private static func makePrivate(_ path: String) -> Bool {
    if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
      status.st_uid == getuid()
    else { return false }
    if status.st_mode & 0o077 != 0 { return chmod(path, 0o700) == 0 }
    return true
  }
}
