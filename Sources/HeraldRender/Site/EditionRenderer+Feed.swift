import HeraldCore

extension EditionRenderer {
  /// The Atom feed of these records (a build gives the newest `feedLimit` published ones, all of
  /// them for 0), each with its body, its action and the versions it is for.
  func feed(_ records: [Announcement]) throws(RenderError) -> [UInt8] {
    let words = context.words
    let entries = records.map { announcement in
      AtomEntry(
        id: urls.announcement(announcement.id),
        title: (announcement.draft ? "[\(words["draft"])] " : "") + announcement.title,
        updated: announcement.lastChange, published: announcement.publishAt,
        link: urls.announcement(announcement.id),
        contentHTML: fragments.body(announcement) + feedDetails(announcement),
        // Feed readers show a category's term, so it is the word (the label too); the
        // scheme says which of the record's fields it is.
        categories: [
          (
            words.severity(announcement.severity), urls.base + "severity",
            words.severity(announcement.severity)
          ),
          (words.kindLabel(announcement), urls.base + "kind", words.kindLabel(announcement)),
        ])
    }
    let feed = AtomFeed(
      id: urls.feed, title: context.title,
      updated: records.map(\.lastChange).max() ?? Timestamp(seconds: 0),
      author: site.config.author, selfURL: urls.feed, alternateURL: urls.archive,
      entries: entries, language: edition.locale)
    return try AtomFeedWriter.xml(feed)
  }

  /// What a feed reader shows below the body: the action, as on the record's page (store
  /// buttons, a link, or "Open in the app"), and the versions and platforms it is for, in the
  /// edition's words.
  func feedDetails(_ announcement: Announcement) -> String {
    let words = context.words
    let platforms = announcement.reachedPlatforms(in: site.config)
    let label = HTMLEscaping.escape(
      announcement.actionLabel ?? words.defaultAction(announcement.kind))
    var html = ""
    switch announcement.action {
    case .store?:
      let links = platforms.compactMap { platform in
        platform.store.map {
          "<a href=\"\(HTMLEscaping.escape($0))\">\(PlatformNames.store(platform.key))</a>"
        }
      }
      if !links.isEmpty { html += "<p>\(label): " + links.joined(separator: " · ") + "</p>\n" }
    case .web(let url)?:
      html += "<p><a href=\"\(HTMLEscaping.escape(url))\">\(label)</a></p>\n"
    case .deepLink?, .inAppPath?:
      html += "<p>\(label): \(HTMLEscaping.escape(words["openInApp"])).</p>\n"
    case nil:
      break
    }
    let onPlatforms =
      platforms.count == site.config.platforms.count && platforms.count > 1
      ? ""
      : " "
        + words.format(
          "onPlatforms", ["platforms": words.list(platforms.map { PlatformNames.name($0.key) })])
    let versions = words.format("forVersions", ["versions": words.versions(announcement.range)])
    html += "<p>\(HTMLEscaping.escape(versions + onPlatforms)).</p>\n"
    return html
  }
}
