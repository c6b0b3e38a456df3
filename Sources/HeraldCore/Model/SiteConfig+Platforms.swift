import HeraldProtocol

extension SiteConfig {
  /// The configured platforms a record's `platforms` list reaches (every one without a list), by
  /// the delivery rule's platform test.
  package func platforms(reachedBy listed: [String]?) -> [PlatformSettings] {
    platforms.filter { Announcement.reaches(platform: $0.key, listed: listed) }
  }
}
