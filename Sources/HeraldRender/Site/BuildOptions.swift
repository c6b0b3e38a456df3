import HeraldCore

/// What a build is for: the time, the URL it is served from, and whether drafts and previews show.
public struct BuildOptions: Sendable {
  /// The time that decides what is published, live or expired.
  public var now: Timestamp
  /// Replaces herald.yaml's baseURL (for previews).
  public var baseURL: String?
  /// Includes drafts, marked as drafts, in every output.
  public var includeDrafts: Bool
  /// Serve mode: scheduled records show in the archive (marked), and pages carry `liveReload`.
  public var preview: Preview?

  /// What only the preview server adds.
  public struct Preview: Sendable {
    /// HTML that herald inserts before `</body>`: the live-reload script.
    public var liveReload: String
    /// Makes preview settings.
    public init(liveReload: String) { self.liveReload = liveReload }
  }

  /// Makes options for a build.
  public init(
    now: Timestamp, baseURL: String? = nil, includeDrafts: Bool = false, preview: Preview? = nil
  ) {
    self.now = now
    self.baseURL = baseURL
    self.includeDrafts = includeDrafts
    self.preview = preview
  }
}
