extension ManifestRow {
  /// Appends the row's JSON at an indentation depth, byte for byte what writing its `Codable`
  /// encoding gives, without building that value: a build writes a row per record and platform,
  /// and the tree, its hashing and its sorting cost more than the bytes (`ManifestRowJSONTests`
  /// holds the two equal).
  package func writeJSON(to bytes: inout [UInt8], indent: Int) {
    // The keys' sorted order, as `JSONValue.object` writes them (uppercase sorts first).
    var object = JSONObjectWriter(indent: indent)
    object.member("actionLabel", actionLabel, to: &bytes)
    object.member("actionUrl", actionURL, to: &bytes)
    object.member("blocking", blocking, to: &bytes)
    object.member("body", to: &bytes) { bytes, depth in
      var body = JSONObjectWriter(indent: depth)
      body.member("bullets", self.body.bullets, to: &bytes)
      body.member("paragraphs", self.body.paragraphs, to: &bytes)
      body.finish(to: &bytes)
    }
    if let draft { object.member("draft", draft, to: &bytes) }
    object.member("expiresAt", expiresAt?.rfc3339, to: &bytes)
    object.member("html", html, to: &bytes)
    object.member("id", id, to: &bytes)
    object.member("kind", kind.rawValue, to: &bytes)
    object.member("maxVersion", maxVersion?.text, to: &bytes)
    object.member("minVersion", minVersion?.text, to: &bytes)
    object.member("publishedAt", publishedAt.rfc3339, to: &bytes)
    object.member("severity", severity.rawValue, to: &bytes)
    object.member("title", title, to: &bytes)
    object.member("updatedAt", updatedAt?.rfc3339, to: &bytes)
    object.member("url", url, to: &bytes)
    object.finish(to: &bytes)
  }
}
