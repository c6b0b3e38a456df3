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
    return [
      .buildCommand(
        displayName: "Embedding \(folder)",
        executable: embedder,
        arguments: [directory.path, output.path, type],
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
