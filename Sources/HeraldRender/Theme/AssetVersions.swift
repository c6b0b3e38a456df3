import HeraldCore

/// A theme's static files as pages reference them: each by a URL that carries a version of its
/// bytes (`assets/kettle.css?v=…`), so a browser that keeps it for a year still gets the next edit.
///
/// Templates read them as `{{site.assets.kettle.css}}` (the path, dots and all). The `_headers`
/// file gives a year's `immutable` lifetime only to the assets some template references that way
/// (and to `herald.css`, which `site.stylesheetURL` versions); an asset written into a template as
/// a plain path gets a short lifetime instead, so its next edit still reaches browsers.
struct AssetVersions: Sendable {
  /// Each asset's path under `assets/` and its versioned URL, sorted by path.
  let urls: [(path: String, url: String)]
  /// The assets a template references through their versioned URL.
  let versioned: Set<String>

  /// The versions of a theme's assets, under a site's URLs.
  init(theme: Theme, urls siteURLs: SiteURLs) {
    urls = theme.assets.map { asset in
      (asset.path, siteURLs.asset(asset.path) + "?v=" + ContentHash.hex(asset.bytes, digits: 12))
    }
    let templates = theme.files.filter { $0.path.hasPrefix("templates/") }.map {
      String(decoding: $0.bytes, as: UTF8.self)
    }
    var versioned: Set<String> = []
    for asset in theme.assets {
      let tag = "assets." + asset.path
      let byStylesheet = asset.path == "herald.css"
      if templates.contains(where: {
        $0.contains(tag) || (byStylesheet && $0.contains("stylesheetURL"))
      }) {
        versioned.insert(asset.path)
      }
    }
    self.versioned = versioned
  }

  /// The versioned URL of an asset, if the theme has it.
  func url(_ path: String) -> String? { urls.first { $0.path == path }?.url }

  /// The value of `site.assets`: the URLs as nested objects split at each dot.
  ///
  /// So `{{site.assets.kettle.css}}` finds `kettle.css`. A path that is also the start of another
  /// (`a.css` and `a.css.map`) keeps the shorter one.
  var templateValue: TemplateValue {
    var root = Node()
    for (path, url) in urls.sorted(by: { $0.path.utf8.count < $1.path.utf8.count }) {
      root.insert(
        path.split(separator: ".", omittingEmptySubsequences: false).map(String.init), url)
    }
    return root.value
  }

  /// The `Cache-Control` rules of the assets, one per file (rules that overlap would be merged).
  var headerRules: String {
    urls.map { asset in
      "/assets/\(asset.path)\n  Cache-Control: "
        + (versioned.contains(asset.path)
          ? "public, max-age=31536000, immutable" : "public, max-age=300, must-revalidate")
        + "\n"
    }.joined()
  }

  /// One level of `site.assets`.
  private struct Node {
    var url: String?
    var children: [String: Node] = [:]

    mutating func insert(_ parts: ArraySlice<String>, _ value: String) {
      guard let first = parts.first else {
        if children.isEmpty && url == nil { url = value }
        return
      }
      guard url == nil else { return }
      children[first, default: Node()].insert(parts.dropFirst(), value)
    }

    mutating func insert(_ parts: [String], _ value: String) { insert(parts[...], value) }

    var value: TemplateValue {
      if let url { return .string(url) }
      return .object(TemplateObject(children.mapValues(\.value)))
    }
  }
}
