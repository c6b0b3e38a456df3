import Foundation
import HeraldCore
import HeraldRender

/// What `herald init` writes, compiled in from the repository's `site-template/` folder (by the
/// EmbedDefaultTheme plugin): Mustache templates (`.mustache`, rendered with the title, the
/// platforms and today's date) and files copied as they are (`gitignore` becomes `.gitignore`).
enum SiteTemplate {
  /// The files of the folder, by relative path.
  static let files: [String: [UInt8]] = base64Files.compactMapValues { text in
    Data(base64Encoded: text).map { Array($0) }
  }

  /// The site's files for a title and platforms, in path order.
  static func render(title: String, platforms: [String], today: Timestamp) throws -> [(
    path: String, text: String
  )] {
    let date = today.date
    let data = TemplateValue.object([
      "titleYAML": .string(yamlString(title)),
      "authorYAML": .string(yamlString(title + " team")),
      "welcomeTitleYAML": .string(yamlString("Welcome to " + title)),
      "today": .string(date),
      "firstPlatform": .string(platforms.first ?? "ios"),
      "heraldAction": .string(HeraldRelease.action),
      "heraldVersion": .string(HeraldVersion.current),
      "platforms": .list(
        platforms.map { key in
          .object([
            "key": .string(key),
            "storeExample": storeExample(key).map(TemplateValue.string) ?? .null,
          ])
        }),
    ])
    var rendered: [(path: String, text: String)] = []
    for path in files.keys.sorted() {
      guard let bytes = files[path], let text = String(validating: bytes, as: UTF8.self) else {
        continue
      }
      var target = path == "gitignore" ? ".gitignore" : path
      var output = text
      if path.hasSuffix(".mustache") {
        target = String(target.dropLast(".mustache".count))
        let library = try TemplateLibrary(templates: ["file": (path, text)])
        output = try library.render("file", data: data)
      }
      rendered.append((target, output))
    }
    return rendered
  }

  /// A YAML double-quoted string: the text with `\` and `"` escaped, and every control character
  /// written as an escape, so any title stays one value.
  static func yamlString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += String(format: "\\x%02X", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The store page a platform's herald.yaml entry shows as an example; none for the web, whose
  /// users get a new version when they reload.
  static func storeExample(_ key: String) -> String? {
    switch key {
    case "ios", "ipados", "macos", "tvos", "watchos", "visionos":
      return "https://apps.apple.com/app/id0000000000"
    case "android": return "https://play.google.com/store/apps/details?id=com.example.app"
    case "web": return nil
    default: return "https://example.com/download"
    }
  }
}
