import Foundation
import HeraldTestSupport
import Testing

/// The default stylesheet's colours, read from its custom properties: light from `:root`, dark
/// from `:root` inside `@media (prefers-color-scheme: dark)` over the light ones.
private struct ThemeColours {
  let light: [String: String]
  let dark: [String: String]
  let pairs: [(String, String)]

  init(css: String) {
    func properties(_ block: Substring) -> [String: String] {
      var found: [String: String] = [:]
      for line in block.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { continue }
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
          .trimmingCharacters(in: CharacterSet(charactersIn: ";"))
        if value.hasPrefix("#") { found[String(trimmed[..<colon].dropFirst(2))] = value }
      }
      return found
    }
    let darkStart = css.range(of: "@media (prefers-color-scheme: dark)")
    let lightBlock = css[..<(darkStart?.lowerBound ?? css.endIndex)]
    let darkBlock = darkStart.map { css[$0.upperBound...].prefix { $0 != "}" } } ?? ""
    light = properties(lightBlock)
    dark = light.merging(properties(darkBlock)) { _, new in new }
    let comment =
      css.range(of: "contrast-pairs:").map { css[$0.upperBound...].prefix { $0 != "*" } } ?? ""
    pairs = comment.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pair in
      let parts = pair.split(separator: "/")
      return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
  }

  /// WCAG 2.x contrast ratio of two `#rrggbb` colours.
  static func contrast(_ first: String, _ second: String) -> Double? {
    func luminance(_ hex: String) -> Double? {
      let digits = hex.dropFirst()
      guard digits.count == 6, let value = Int(digits, radix: 16) else { return nil }
      let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel in
        let c = Double(channel) / 255
        return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
    guard let a = luminance(first), let b = luminance(second) else { return nil }
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

@Suite("The default theme's colours meet WCAG AA in both schemes")
struct ThemeContrastTests {
  fileprivate static let colours = ThemeColours(
    css: (try? String(
      contentsOf: Fixtures.packageRoot.appending(path: "themes/default/assets/herald.css"),
      encoding: .utf8)) ?? "")

  @Test("every declared text/background pair is at least 4.5:1", arguments: ["light", "dark"])
  func contrast(_ scheme: String) throws {
    let colours = Self.colours
    #expect(colours.pairs.count >= 12, "the stylesheet lists its pairs")
    let palette = scheme == "light" ? colours.light : colours.dark
    for (text, background) in colours.pairs {
      let foreground = try #require(palette[text], "--\(text) in \(scheme)")
      let behind = try #require(palette[background], "--\(background) in \(scheme)")
      let ratio = try #require(ThemeColours.contrast(foreground, behind))
      #expect(
        ratio >= 4.5, "\(scheme): --\(text) \(foreground) on --\(background) \(behind) is \(ratio)")
    }
  }

  @Test(
    "the focus outline stands out from the page (3:1, WCAG's non-text contrast)",
    arguments: ["light", "dark"])
  func focus(_ scheme: String) throws {
    let palette = scheme == "light" ? Self.colours.light : Self.colours.dark
    let focus = try #require(palette["focus"])
    let background = try #require(palette["background"])
    let ratio = try #require(ThemeColours.contrast(focus, background))
    #expect(ratio >= 3)
  }
}
