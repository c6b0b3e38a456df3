#if canImport(Glibc)
  import Glibc
#endif

/// Why a path inside a site cannot be read, in words a user can act on.
package enum SiteFileProblem: Error, Sendable, Equatable {
  /// Nothing exists at the path.
  case missing
  /// The path is a folder, a FIFO, a socket or a device where a file was expected.
  case notAFile(what: String)
  /// The path is a file or something else where a folder was expected.
  case notAFolder(what: String)
  /// A symbolic link on the path points outside the site (link relative to the site, its target).
  case linkOutside(link: String, target: String)
  /// A symbolic link on the path points to nothing.
  case danglingLink(link: String, target: String)
  /// Symbolic links on the path form a loop (or a folder is reached twice through links).
  case linkLoop(link: String)
  /// Folders nest deeper than the walk allows.
  case tooDeep(Int)
  /// The system refused (permissions, I/O), with its reason.
  case unreadable(reason: String)

  /// The problem of the last failed system call on a path.
  static func lastError(path: String) -> SiteFileProblem {
    switch errno {
    case ENOENT, ENOTDIR: return .missing
    case ELOOP: return .linkLoop(link: path)
    default: return .unreadable(reason: String(cString: strerror(errno)))
    }
  }

  /// A sentence about `path` (as the user should see it) saying what is wrong.
  package func message(for path: String) -> String {
    switch self {
    case .missing: return "\(path) does not exist"
    case .notAFile(let what): return "it is \(what), not a file"
    case .notAFolder(let what): return "\(path) is \(what), not a folder"
    case .linkOutside(let link, let target):
      return "\(link == path ? "it" : link) is a symbolic link to \(target), outside the site;"
        + " herald reads nothing outside the site"
    case .danglingLink(let link, let target):
      return "\(link == path ? "it" : link) is a symbolic link to \(target), which does not exist"
    case .linkLoop(let link):
      return
        "\(link == path ? "it" : link) is a symbolic link that loops back to itself or to a folder that holds it"
    case .tooDeep(let depth): return "\(path) nests folders deeper than \(depth) levels"
    case .unreadable(let reason): return "cannot read \(path): \(reason)"
    }
  }

  /// What to do about it.
  package var hint: String {
    switch self {
    case .missing: return "check the spelling of the path"
    case .notAFile: return "records and theme files must be regular files"
    case .notAFolder: return "replace it with a folder"
    case .linkOutside: return "copy the file into the site, or link to a file inside it"
    case .danglingLink: return "fix the link or remove it"
    case .linkLoop: return "fix the link so that it points to a file"
    case .tooDeep: return "flatten the folders"
    case .unreadable: return "check the file's permissions"
    }
  }
}
