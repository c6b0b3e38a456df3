import HeraldCore
import HeraldFiles

/// A theme: Mustache templates and static assets, the default theme's files overridden by those of
/// the site's `themes/<name>/` folder, file by file.
package struct Theme: Sendable {
  /// The templates, by name (`archive`, `partials/card`).
  let templates: TemplateLibrary
  /// The static files, by path under `assets/`, sorted.
  let assets: [(path: String, bytes: [UInt8])]
  /// Every file the theme was made from (templates, assets, strings), by path, sorted.
  let files: [(path: String, bytes: [UInt8])]
  /// The words it writes, per locale.
  let strings: ThemeStrings

  /// Adds every file of the theme to a fingerprint.
  func combine(into hasher: inout SipHasher) {
    hasher.combine(UInt64(files.count))
    for file in files {
      hasher.combine(file.path)
      hasher.combine(UInt64(file.bytes.count))
      hasher.combine(file.bytes)
    }
  }

  /// Loads the theme a site selects; every problem is a diagnostic with the template's file and line.
  ///
  /// The theme folder is read through the site's boundary: a file linked from outside the site is
  /// an error naming the link, never read.
  package static func load(siteDirectory: String, config: SiteConfig) -> Result<
    Theme, ThemeProblems
  > {
    var files: [String: (file: String, bytes: [UInt8])] = [:]
    for (path, bytes) in DefaultTheme.files {
      files[path] = ("themes/default/\(path)", bytes)
    }
    // Strings merge word by word, so the default theme's tables stay under a theme's own.
    let defaultStrings = files.filter { $0.key.hasPrefix("i18n/") }
    let name = config.theme
    let folder = "themes/" + name
    var diagnostics: [Diagnostic] = []
    // One boundary for the theme's folder and the site's own strings.
    let opened = ConfinedFolder.open(siteDirectory)
    switch opened.flatMap({ site in site.entry(folder).map { (site, $0) } }) {
    case .success((let site, .directory)):
      let (read, problems) = readAll(site, under: folder)
      files.merge(read) { _, theme in theme }
      diagnostics += problems
    case .success((_, let entry)) where name != DefaultTheme.name:
      return .failure(
        ThemeProblems(diagnostics: [
          Diagnostic(
            file: SiteConfigDecoder.fileName, position: config.themePosition,
            code: .themeNotFound,
            message: "theme \"\(name)\" needs the folder \(folder), which is \(entry.description)",
            hint: "make \(folder) a folder, or remove theme: to use the default theme")
        ]))
    case .failure(.missing) where name != DefaultTheme.name:
      return .failure(
        ThemeProblems(diagnostics: [
          Diagnostic(
            file: SiteConfigDecoder.fileName, position: config.themePosition,
            code: .themeNotFound, message: "theme \"\(name)\" has no folder \(folder)",
            hint: "create \(folder)/, or remove theme: to use the default theme")
        ]))
    case .failure(.missing), .success:
      break
    case .failure(let problem):
      diagnostics.append(
        problem.diagnostic(folder))
    }
    var siteStrings: [String: (file: String, bytes: [UInt8])] = [:]
    if case .success(let site) = opened, case .success(.directory) = site.entry("i18n") {
      let (read, problems) = readAll(site, under: "i18n")
      for (relative, entry) in read { siteStrings["i18n/" + relative] = entry }
      diagnostics += problems
    }
    let themeStrings = files.filter {
      $0.key.hasPrefix("i18n/") && defaultStrings[$0.key]?.bytes != $0.value.bytes
    }
    return build(
      files, strings: [defaultStrings, themeStrings, siteStrings], problems: diagnostics)
  }

  /// Every file under a folder of the site, by path relative to it (with its path in the site),
  /// and a diagnostic for each that cannot be read.
  private static func readAll(_ site: ConfinedFolder, under folder: String) -> (
    files: [String: (file: String, bytes: [UInt8])], problems: [Diagnostic]
  ) {
    let walk = site.files(under: folder)
    var problems = walk.problems.map { $0.problem.diagnostic($0.path) }
    var files: [String: (file: String, bytes: [UInt8])] = [:]
    for relative in walk.files {
      switch site.read(folder + "/" + relative) {
      case .success(let bytes): files[relative] = (folder + "/" + relative, bytes)
      case .failure(let problem): problems.append(problem.diagnostic(folder + "/" + relative))
      }
    }
    return (files, problems)
  }

  /// Builds a theme from files by relative path (`templates/archive.mustache`, `assets/x.css`).
  static func build(
    _ files: [String: (file: String, bytes: [UInt8])],
    strings layers: [[String: (file: String, bytes: [UInt8])]]? = nil, problems: [Diagnostic] = []
  ) -> Result<Theme, ThemeProblems> {
    let (strings, stringProblems) = ThemeStrings.read(
      (layers ?? [files.filter { $0.key.hasPrefix("i18n/") }]).map(Self.stringSources))
    var sources: [String: (file: String, text: String)] = [:]
    var assets: [(path: String, bytes: [UInt8])] = []
    var diagnostics = problems + stringProblems
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
      return .failure(ThemeProblems(diagnostics: diagnostics.sorted()))
    }
    for missing in library.missingPartials() {
      diagnostics.append(
        Diagnostic(
          file: missing.file, position: SourcePosition(line: missing.line, column: missing.column),
          code: .templateMissingPartial, message: "there is no template \"\(missing.name)\"",
          hint: "partials are named by their path under templates/ without .mustache"))
    }
    guard diagnostics.isEmpty else {
      return .failure(ThemeProblems(diagnostics: diagnostics.sorted()))
    }
    var used = files.keys.sorted().compactMap { path in files[path].map { (path, $0.bytes) } }
    // The site's own strings change the pages too: they are part of what the theme is made of.
    for layer in (layers ?? []).dropFirst(2) {
      for path in layer.keys.sorted() {
        if let entry = layer[path] { used.append(("site/" + path, entry.bytes)) }
      }
    }
    return .success(Theme(templates: library, assets: assets, files: used, strings: strings))
  }
}

extension Theme {
  /// The strings files of one layer, each with the locale its name gives (`i18n/de.yaml` is `de`).
  static func stringSources(_ files: [String: (file: String, bytes: [UInt8])]) -> [(
    file: String, locale: String, bytes: [UInt8]
  )] {
    files.keys.sorted().compactMap { path in
      guard let entry = files[path], path.hasSuffix(".yaml"), !path.dropFirst(5).contains("/")
      else { return nil }
      return (
        entry.file, String(path.dropFirst("i18n/".count).dropLast(".yaml".count)), entry.bytes
      )
    }
  }
}

/// Why a theme cannot be used: every problem found in it.
package struct ThemeProblems: Error, Sendable {
  /// The problems, each with the template's file and line.
  package let diagnostics: [Diagnostic]
}

extension DiagnosticCode {
  /// A template that cannot be parsed.
  package static let templateSyntax = DiagnosticCode("template-syntax")
  /// A partial or parent that names no template.
  package static let templateMissingPartial = DiagnosticCode("template-missing-partial")
  /// A template that fails while rendering (partials nested without end).
  package static let templateRender = DiagnosticCode("template-render")
  /// A theme folder that does not exist.
  package static let themeNotFound = DiagnosticCode("theme-not-found")
}
