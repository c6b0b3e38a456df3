import Foundation
import HeraldFiles

/// Where a build may write: never the site folder, never inside its `content/` or `themes/`, and
/// never a folder that contains the site, with `--force` or without (DESIGN §3).
///
/// Paths are compared after resolving symbolic links (for the part of the output path that exists
/// already), so a link cannot smuggle the output into the sources.
package struct OutputTarget {
  /// The output folder, resolved.
  let resolved: String

  /// Checks an output folder against a site folder.
  static func check(output: String, site: String) throws(OutputError) -> OutputTarget {
    let target = resolvedPath(output)
    let siteRoot = resolvedPath(site)
    func isWithin(_ path: String, _ folder: String) -> Bool {
      path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
    if target == "/" || isWithin(siteRoot, target) { throw .containsSite(output) }
    for sources in ["content", "themes"] where isWithin(target, siteRoot + "/" + sources) {
      throw .insideSources(output, sources)
    }
    return OutputTarget(resolved: target)
  }

  /// An absolute path with the links of its existing part resolved and `.`/`..` removed; the part
  /// that does not exist yet is appended as written (it holds no links).
  package static func resolvedPath(_ path: String) -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var components = absolute.split(separator: "/").map(String.init)
    var missing: [String] = []
    while true {
      let prefix = "/" + components.joined(separator: "/")
      if let resolved = FileSystem.resolve(prefix) {
        return normalised(resolved, appending: missing.reversed())
      }
      guard let last = components.popLast() else { return normalised("/", appending: missing) }
      missing.append(last)
    }
  }

  private static func normalised(_ base: String, appending rest: [String]) -> String {
    var parts = base.split(separator: "/").map(String.init)
    for part in rest {
      switch part {
      case ".", "": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
