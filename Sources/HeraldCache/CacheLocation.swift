import HeraldCore
import HeraldFiles
import HeraldRender

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
  static func folder(
    forOutput resolvedOutput: String, site resolvedSite: String, environment: [String: String]
  ) throws(CacheLocationError) -> String? {
    let root: String
    let named: String
    if let explicit = environment["HERALD_CACHE_DIR"], !explicit.isEmpty {
      root = explicit
      named = "$HERALD_CACHE_DIR"
    } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      root = xdg + "/herald"
      named = "$XDG_CACHE_HOME/herald"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      root = home + "/.cache/herald"
      named = "~/.cache/herald"
    } else {
      return nil
    }
    var hasher = SipHasher(key: .zero)
    hasher.combine(resolvedOutput)
    let name = String(hasher.finalize().description.prefix(20))
    let folder = root + "/" + name
    // The cache holds drafts and scheduled records: never in what is published, never in the site.
    let resolved = OutputTarget.resolvedPath(folder)
    if isWithin(resolved, resolvedOutput) {
      throw CacheLocationError(cache: named, path: root, place: "the output \(resolvedOutput)")
    }
    if isWithin(resolved, resolvedSite) {
      throw CacheLocationError(cache: named, path: root, place: "the site \(resolvedSite)")
    }
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

  private static func isWithin(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }
}

/// A build cache that would sit inside the output (published, with drafts and scheduled records
/// in it) or inside the site (which herald never writes): refused, exit 74.
package struct CacheLocationError: Error, Sendable, CustomStringConvertible {
  /// How the cache's place was given (`$HERALD_CACHE_DIR`…).
  let cache: String
  /// The folder it names.
  let path: String
  /// What it is inside of.
  let place: String

  /// The message.
  package var description: String {
    "the build cache \(cache) (\(path)) is inside \(place), which herald never writes its cache into"
  }

  /// What to do instead.
  package var hint: String {
    "set HERALD_CACHE_DIR to a folder outside the site and the output, or pass --no-cache"
  }
}
