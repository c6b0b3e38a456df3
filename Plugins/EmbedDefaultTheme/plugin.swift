import Foundation
import PackagePlugin

/// Compiles `themes/default/` into the target as Swift source, so every site gets the default theme
/// from the binary alone, and the repository keeps exactly one copy of it.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let themeDirectory = context.package.directoryURL.appending(path: "themes/default")
    let output = context.pluginWorkDirectoryURL.appending(path: "DefaultThemeFiles.swift")
    // The folders are inputs too, so that adding or removing a file re-runs the embedder.
    var inputs: [URL] = [themeDirectory]
    if let walker = FileManager.default.enumerator(
      at: themeDirectory, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
    {
      for case let url as URL in walker {
        let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
        if values.isRegularFile == true || values.isDirectory == true { inputs.append(url) }
      }
    }
    inputs.sort { $0.path < $1.path }
    return [
      .buildCommand(
        displayName: "Embedding the default theme",
        executable: try context.tool(named: "ThemeEmbedder").url,
        arguments: [themeDirectory.path, output.path],
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
