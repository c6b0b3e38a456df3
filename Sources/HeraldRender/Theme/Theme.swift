import Foundation
import HeraldCore

/// A theme: Mustache templates and static assets, the default theme's files overridden by those of
/// the site's `themes/<name>/` folder, file by file.
public struct Theme: Sendable {
  /// The templates, by name (`archive`, `partials/card`).
  let templates: TemplateLibrary
  /// The static files, by path under `assets/`, sorted.
  let assets: [(path: String, bytes: [UInt8])]

  /// The templates every theme must have (the default theme provides them all).
  static let requiredTemplates = ["404", "announcement", "archive"]

  /// Loads the theme a site selects; every problem is a diagnostic with the template's file and line.
  public static func load(siteDirectory: String, name: String) -> Result<Theme, ThemeProblems> {
    var files: [String: (file: String, bytes: [UInt8])] = [:]
    for (path, text) in DefaultTheme.files {
      files[path] = ("themes/default/\(path)", Array(text.utf8))
    }
    let folder = siteDirectory + "/themes/" + name
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
    if name != DefaultTheme.name && !(exists && isDirectory.boolValue) {
      return .failure(
        ThemeProblems(diagnostics: [
          Diagnostic(
            file: SiteConfigDecoder.fileName, position: .start, code: .themeNotFound,
            message: "theme \"\(name)\" has no folder themes/\(name)",
            hint: "create themes/\(name)/, or remove theme: to use the default theme")
        ]))
    }
    if exists, let walker = FileManager.default.enumerator(atPath: folder) {
      for case let relative as String in walker {
        var fileIsDirectory: ObjCBool = false
        let path = folder + "/" + relative
        guard FileManager.default.fileExists(atPath: path, isDirectory: &fileIsDirectory),
          !fileIsDirectory.boolValue, let data = FileManager.default.contents(atPath: path)
        else { continue }
        files[relative] = ("themes/\(name)/\(relative)", Array(data))
      }
    }
    return build(files)
  }

  /// Builds a theme from files by relative path (`templates/archive.mustache`, `assets/x.css`).
  static func build(_ files: [String: (file: String, bytes: [UInt8])]) -> Result<
    Theme, ThemeProblems
  > {
    var sources: [String: (file: String, text: String)] = [:]
    var assets: [(path: String, bytes: [UInt8])] = []
    var diagnostics: [Diagnostic] = []
    for path in files.keys.sorted() {
      guard let entry = files[path] else { continue }
      if path.hasPrefix("templates/") && path.hasSuffix(".mustache") {
        let name = String(path.dropFirst("templates/".count).dropLast(".mustache".count))
        guard let text = String(validating: entry.bytes, as: UTF8.self) else {
          diagnostics.append(
            Diagnostic(
              file: entry.file, position: .start, code: .templateSyntax,
              message: "the template is not valid UTF-8"))
          continue
        }
        sources[name] = (entry.file, text)
      } else if path.hasPrefix("assets/") {
        assets.append((String(path.dropFirst("assets/".count)), entry.bytes))
      }
    }
    let library: TemplateLibrary
    do {
      library = try TemplateLibrary(templates: sources)
    } catch {
      diagnostics += error.errors.map { error in
        Diagnostic(
          file: error.file, position: SourcePosition(line: error.line, column: error.column),
          code: .templateSyntax, message: error.message)
      }
      return .failure(ThemeProblems(diagnostics: diagnostics))
    }
    for missing in library.missingPartials() {
      diagnostics.append(
        Diagnostic(
          file: missing.file, position: SourcePosition(line: missing.line, column: missing.column),
          code: .templateMissingPartial, message: "there is no template \"\(missing.name)\"",
          hint: "partials are named by their path under templates/ without .mustache"))
    }
    guard diagnostics.isEmpty else { return .failure(ThemeProblems(diagnostics: diagnostics)) }
    return .success(Theme(templates: library, assets: assets))
  }
}

/// Why a theme cannot be used: every problem found in it.
public struct ThemeProblems: Error, Sendable {
  /// The problems, each with the template's file and line.
  public let diagnostics: [Diagnostic]
}

extension DiagnosticCode {
  /// A template that cannot be parsed.
  public static let templateSyntax = DiagnosticCode("template-syntax")
  /// A partial or parent that names no template.
  public static let templateMissingPartial = DiagnosticCode("template-missing-partial")
  /// A template that fails while rendering (partials nested without end).
  public static let templateRender = DiagnosticCode("template-render")
  /// A theme folder that does not exist.
  public static let themeNotFound = DiagnosticCode("theme-not-found")
}
