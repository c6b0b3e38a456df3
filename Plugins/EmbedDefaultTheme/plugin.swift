import Foundation
import PackagePlugin

/// Compiles a folder of the repository into a target as Swift source, so the binary alone carries
/// it and the repository keeps exactly one copy: `themes/default/` into HeraldRender (the default
/// theme), `site-template/` into HeraldCLI (what `herald init` writes), and the web client's
/// compiled modules into HeraldServe (what the app preview of `herald serve` draws with).
@main
struct EmbedDefaultTheme: BuildToolPlugin {
  /// The folder and the Swift type each target embeds.
  static let embedded: [String: (folder: String, type: String)] = [
    "HeraldRender": ("themes/default", "DefaultTheme"),
    "HeraldCLI": ("site-template", "SiteTemplate"),
    "HeraldServe": ("clients/js/bundle", "PreviewClient"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let (folder, type) = Self.embedded[target.name] else { return [] }
    let directory = context.package.directoryURL.appending(path: folder)
    let output = context.pluginWorkDirectoryURL.appending(path: "\(type)Files.swift")
    // The folders are inputs too, so that adding or removing a file re-runs the embedder.
    var inputs: [URL] = [directory]
    if let walker = FileManager.default.enumerator(
      at: directory, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
    {
      for case let url as URL in walker {
        let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
        if values.isRegularFile == true || values.isDirectory == true { inputs.append(url) }
      }
    }
    inputs.sort { $0.path < $1.path }
    let embedder = try context.tool(named: "ThemeEmbedder").url
    var commands: [Command] = [
      .buildCommand(
        displayName: "Embedding \(folder)",
        executable: embedder,
        arguments: [directory.path, output.path, type],
        inputFiles: inputs,
        outputFiles: [output])
    ]
    if target.name == "HeraldCLI" {
      // The commit and repository herald is built from, which `herald init` pins its workflow to.
      let source = GitSource(package: context.package.directoryURL)
      let info = context.pluginWorkDirectoryURL.appending(path: "HeraldSourceInfo.swift")
      commands.append(
        .buildCommand(
          displayName: "Recording herald's source commit",
          executable: embedder,
          arguments: ["--source-info", info.path, source.commit, source.repository],
          inputFiles: source.files, outputFiles: [info]))
    }
    return commands
  }
}

/// The git commit and remote a package folder is checked out at, read from its `.git` files (no
/// git process); empty when it is not a git checkout.
struct GitSource {
  /// The commit `HEAD` names, or "".
  var commit = ""
  /// The `origin` remote's URL, as https where it is a GitHub SSH address, or "".
  var repository = ""
  /// The files read, so a new commit re-runs the command.
  var files: [URL] = []

  init(package: URL) {
    var git = package.appending(path: ".git")
    if let pointer = try? String(contentsOf: git, encoding: .utf8), pointer.hasPrefix("gitdir:") {
      let path = pointer.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
    }
    let head = git.appending(path: "HEAD")
    guard let headText = try? String(contentsOf: head, encoding: .utf8) else { return }
    files.append(head)
    let trimmed = headText.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("ref: ") {
      let name = String(trimmed.dropFirst("ref: ".count))
      let loose = git.appending(path: name)
      let packed = git.appending(path: "packed-refs")
      files += [loose, packed].filter { FileManager.default.fileExists(atPath: $0.path) }
      if let text = try? String(contentsOf: loose, encoding: .utf8) {
        commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
      } else if let text = try? String(contentsOf: packed, encoding: .utf8) {
        for line in text.split(separator: "\n") where line.hasSuffix(" " + name) {
          commit = String(line.prefix { $0 != " " })
        }
      }
    } else {
      commit = trimmed
    }
    if commit.count != 40 || !commit.allSatisfy(\.isHexDigit) { commit = "" }
    let config = git.appending(path: "config")
    if let text = try? String(contentsOf: config, encoding: .utf8) {
      files.append(config)
      var inOrigin = false
      for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.hasPrefix("[") { inOrigin = line == "[remote \"origin\"]" }
        if inOrigin, line.hasPrefix("url") {
          let url =
            line.split(separator: "=", maxSplits: 1).last.map {
              $0.trimmingCharacters(in: .whitespaces)
            } ?? ""
          repository = Self.fetchable(url)
        }
      }
    }
  }

  /// An address a workflow can fetch from without keys: GitHub's SSH form becomes https; a local
  /// path is no address.
  static func fetchable(_ url: String) -> String {
    if url.hasPrefix("git@github.com:") {
      return "https://github.com/" + url.dropFirst("git@github.com:".count)
    }
    return url.hasPrefix("https://") || url.hasPrefix("http://") ? url : ""
  }
}
