#if canImport(Glibc)
  import Glibc
#endif

/// A folder that herald reads and nothing outside it: every path is resolved, symbolic links
/// included, and one that leaves the folder, loops or dangles is reported rather than followed.
///
/// Links that stay inside are fine. Special files (FIFOs, sockets, devices) are never opened, so a
/// named pipe in a site cannot hang a build.
package struct ConfinedFolder: Sendable {
  /// The folder as the caller named it, for messages.
  package let path: String
  /// The folder with every link resolved: the boundary nothing may leave.
  package let resolvedPath: String

  /// Opens a folder, or says why it cannot be one: missing, a file, a loop, unreadable.
  package static func open(_ path: String) -> Result<ConfinedFolder, SiteFileProblem> {
    guard let resolved = FileSystem.resolve(path) else {
      return .failure(SiteFileProblem.lastError(path: path))
    }
    var status = stat()
    guard stat(resolved, &status) == 0 else { return .failure(.lastError(path: path)) }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      return .failure(.notAFolder(what: FileSystem.describe(mode: status.st_mode)))
    }
    return .success(ConfinedFolder(path: path, resolvedPath: resolved))
  }

  /// What a path inside the folder is, with links resolved.
  package enum Entry: Sendable, Equatable {
    /// A regular file, at its resolved path.
    case file(String)
    /// A folder, at its resolved path.
    case directory(String)
    /// A FIFO, a socket or a device, described for a message.
    case special(String)
  }

  /// What a relative path is, or why it cannot be read; a link is followed only while it stays
  /// inside the folder.
  package func entry(_ relative: String) -> Result<Entry, SiteFileProblem> {
    let full = resolvedPath + "/" + relative
    guard let resolved = FileSystem.resolve(full) else {
      let code = errno
      if code == ENOENT, let dangling = danglingLink(relative) { return .failure(dangling) }
      if code == ELOOP { return .failure(.linkLoop(link: firstLink(relative) ?? relative)) }
      errno = code
      return .failure(.lastError(path: relative))
    }
    guard resolved == resolvedPath || resolved.hasPrefix(resolvedPath + "/") else {
      let link = firstLink(relative) ?? relative
      return .failure(
        .linkOutside(
          link: link, target: FileSystem.linkTarget(resolvedPath + "/" + link) ?? resolved))
    }
    var status = stat()
    guard stat(resolved, &status) == 0 else { return .failure(.lastError(path: relative)) }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .success(.file(resolved))
    case S_IFDIR: return .success(.directory(resolved))
    default: return .success(.special(FileSystem.describe(mode: status.st_mode)))
    }
  }

  /// Reads a regular file inside the folder.
  package func read(_ relative: String) -> Result<[UInt8], SiteFileProblem> {
    switch entry(relative) {
    case .success(.file(let resolved)):
      return FileSystem.readRegular(resolved).mapError { _ in .lastError(path: relative) }
    case .success(.directory):
      return .failure(.notAFile(what: "a folder"))
    case .success(.special(let what)):
      return .failure(.notAFile(what: what))
    case .failure(let problem):
      return .failure(problem)
    }
  }

  /// One entry of a listing: its name and what it is, or why it cannot be read.
  package struct Listed: Sendable {
    /// The entry's name in its folder.
    package let name: String
    /// What it is, links resolved inside the folder.
    package let entry: Result<Entry, SiteFileProblem>
  }

  /// The entries of a folder inside this one, sorted by name (byte order).
  package func list(_ relative: String = "") -> Result<[Listed], SiteFileProblem> {
    listing(relative).map(\.entries)
  }

  /// A folder's listing: its resolved path (a regular file's entry is at that path, a slash and
  /// its name), its signature taken before it was read, and its entries sorted by name.
  package struct Listing: Sendable {
    /// The folder's path, links resolved.
    package let folder: String
    /// The folder's own signature, taken before its entries were read: an entry added, removed
    /// or renamed since changes it.
    package let signature: FileSignature?
    /// The entries, sorted by name (byte order).
    package let entries: [Listed]
  }

  /// The resolved path of a folder inside this one, or why it is not one.
  package func resolvedFolder(_ relative: String) -> Result<String, SiteFileProblem> {
    if relative.isEmpty { return .success(resolvedPath) }
    switch entry(relative) {
    case .success(.directory(let resolved)): return .success(resolved)
    case .success: return .failure(.notAFolder(what: kindDescription(relative)))
    case .failure(let problem): return .failure(problem)
    }
  }

  /// The entries of a folder inside this one, sorted by name (byte order), with the folder's
  /// resolved path and signature.
  package func listing(_ relative: String = "") -> Result<Listing, SiteFileProblem> {
    let folder: String
    switch resolvedFolder(relative) {
    case .success(let resolved): folder = resolved
    case .failure(let problem): return .failure(problem)
    }
    let signature = FileSignature.of(folder)
    guard let names = FileSystem.listNames(folder) else {
      return .failure(.lastError(path: relative))
    }
    // Each path in one allocation (`folder + "/" + name` made two), appended from strings that
    // are known to be valid rather than decoded again: ten thousand records' paths are made
    // here before anything else can start.
    let prefix = folder + "/"
    func path(_ name: String) -> String {
      var path = ""
      path.reserveCapacity(prefix.utf8.count + name.utf8.count)
      path.append(prefix)
      path.append(name)
      return path
    }
    return .success(
      Listing(
        folder: folder, signature: signature,
        entries: names.map { name, type in
          switch type {
          case Int32(DT_REG): return Listed(name: name, entry: .success(.file(path(name))))
          case Int32(DT_DIR):
            return Listed(name: name, entry: .success(.directory(path(name))))
          default:
            return Listed(name: name, entry: entry(relative.isEmpty ? name : relative + "/" + name))
          }
        }
      ))
  }

  /// Every regular file under a folder inside this one, as paths relative to that folder, sorted.
  ///
  /// The walk keeps its own stack (no recursion), visits each resolved folder once (so a link
  /// back to a parent cannot loop), and stops at `maximumDepth`; each problem is returned with its
  /// path rather than ending the walk.
  package func files(under relative: String, maximumDepth: Int = 32) -> (
    files: [String], problems: [(path: String, problem: SiteFileProblem)]
  ) {
    var files: [String] = []
    var problems: [(path: String, problem: SiteFileProblem)] = []
    var visited: Set<String> = []
    if case .success(.directory(let resolved)) = entry(relative) { visited.insert(resolved) }
    var pending: [(path: String, depth: Int)] = [("", 0)]
    while let (current, depth) = pending.popLast() {
      let full = current.isEmpty ? relative : relative + "/" + current
      let listing: [Listed]
      switch list(full) {
      case .success(let entries): listing = entries
      case .failure(let problem):
        problems.append((full, problem))
        continue
      }
      for item in listing {
        let path = current.isEmpty ? item.name : current + "/" + item.name
        switch item.entry {
        case .success(.file): files.append(path)
        case .success(.directory(let resolved)):
          guard visited.insert(resolved).inserted else {
            problems.append((relative + "/" + path, .linkLoop(link: relative + "/" + path)))
            continue
          }
          guard depth + 1 < maximumDepth else {
            problems.append((relative + "/" + path, .tooDeep(maximumDepth)))
            continue
          }
          pending.append((path, depth + 1))
        case .success(.special(let what)):
          problems.append((relative + "/" + path, .notAFile(what: what)))
        case .failure(let problem):
          problems.append((relative + "/" + path, problem))
        }
      }
    }
    return (files.sortedBytewise(), problems.sortedBytewise { $0.path })
  }

  private func kindDescription(_ relative: String) -> String {
    switch entry(relative) {
    case .success(.file): return "a file"
    case .success(.directory): return "a folder"
    case .success(.special(let what)): return what
    case .failure: return "unreadable"
    }
  }

  /// The first component of a relative path that is a symbolic link leaving the folder, or the
  /// first link at all when none leaves it on its own (a chain that leaves only at its end).
  private func firstLink(_ relative: String) -> String? {
    var prefix = ""
    var firstAny: String?
    for component in relative.split(separator: "/") {
      prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
      let full = resolvedPath + "/" + prefix
      guard FileSystem.isLink(full) else { continue }
      if firstAny == nil { firstAny = prefix }
      if let resolved = FileSystem.resolve(full),
        !(resolved == resolvedPath || resolved.hasPrefix(resolvedPath + "/"))
      {
        return prefix
      }
    }
    return firstAny
  }

  /// The problem for a path that does not exist because a link on it points nowhere.
  private func danglingLink(_ relative: String) -> SiteFileProblem? {
    var prefix = ""
    for component in relative.split(separator: "/") {
      prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
      let full = resolvedPath + "/" + prefix
      if FileSystem.isLink(full), FileSystem.resolve(full) == nil {
        return .danglingLink(link: prefix, target: FileSystem.linkTarget(full) ?? "")
      }
    }
    return nil
  }
}
