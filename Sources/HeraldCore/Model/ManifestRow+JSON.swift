extension ManifestRow {
  /// Appends the row's JSON at an indentation depth, byte for byte what writing its `Codable`
  /// encoding gives, without building that value: a build writes a row per record and platform,
  /// and the tree, its hashing and its sorting cost more than the bytes (`ManifestRowJSONTests`
  /// holds the two equal).
  package func writeJSON(to sink: inout ByteSink, indent: Int) {
    // The keys' sorted order, as `JSONValue.object` writes them (uppercase sorts first).
    var object = JSONObjectWriter(indent: indent)
    object.member("actionLabel", actionLabel, to: &sink)
    object.member("actionUrl", actionURL, to: &sink)
    object.member("belowVersion", belowVersion?.text, to: &sink)
    object.member("blocking", blocking, to: &sink)
    object.member("body", to: &sink) { sink, depth in
      var body = JSONObjectWriter(indent: depth)
      body.member("bullets", self.body.bullets, to: &sink)
      body.member("paragraphs", self.body.paragraphs, to: &sink)
      body.finish(to: &sink)
    }
    if let draft { object.member("draft", draft, to: &sink) }
    object.member("expiresAt", expiresAt?.rfc3339, to: &sink)
    object.member("html", html, to: &sink)
    object.member("id", id, to: &sink)
    object.member("kind", kind.rawValue, to: &sink)
    object.member("maxVersion", maxVersion?.text, to: &sink)
    object.member("minVersion", minVersion?.text, to: &sink)
    object.member("publishedAt", publishedAt.rfc3339, to: &sink)
    object.member("severity", severity.rawValue, to: &sink)
    object.member("title", title, to: &sink)
    object.member("updatedAt", updatedAt?.rfc3339, to: &sink)
    object.member("url", url, to: &sink)
    object.finish(to: &sink)
  }
}
