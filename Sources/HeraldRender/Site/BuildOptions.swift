import HeraldCore

/// What a build is for: the time, the URL it is served from, and whether drafts and previews show.
package struct BuildOptions: Sendable {
  /// The time that decides what is published, live or expired.
  package var now: Timestamp
  /// Replaces herald.yaml's baseURL (for previews).
  package var baseURL: String?
  /// Includes drafts, marked as drafts, in every output.
  package var includeDrafts: Bool
  /// Serve mode: scheduled records show in the archive (marked), and pages carry `liveReload`.
  package var preview: Preview?

  /// What only the preview server adds.
  package struct Preview: Sendable {
    /// HTML that herald inserts before `</body>`: the live-reload script.
    package var liveReload: String
    /// Whether the server has the composer (`serve --compose`), which the banner links to.
    package var composes: Bool
    /// Makes preview settings.
    package init(liveReload: String, composes: Bool = false) {
      self.liveReload = liveReload
      self.composes = composes
    }
  }

  /// Makes options for a build.
  package init(
    now: Timestamp, baseURL: String? = nil, includeDrafts: Bool = false, preview: Preview? = nil
  ) {
    self.now = now
    self.baseURL = baseURL
    self.includeDrafts = includeDrafts
    self.preview = preview
  }
}
