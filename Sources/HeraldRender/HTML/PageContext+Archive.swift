import HeraldCore

extension PageContext {
  /// The records by month of publication, newest month first, each with its entries in order.
  func months(_ entries: [(Announcement, TemplateValue)]) -> [TemplateValue] {
    var groups: [(year: Int64, month: Int64, label: String, cards: [TemplateValue])] = []
    for (announcement, card) in entries {
      // Words for a month are made once per month, not once per record.
      let date = announcement.publishAt.calendarDate
      if let last = groups.last, last.year == date.year, last.month == date.month {
        groups[groups.count - 1].cards.append(card)
      } else {
        groups.append((date.year, date.month, words.month(announcement.publishAt), [card]))
      }
    }
    return groups.map {
      .object([
        "key": .string("\($0.year)-\($0.month < 10 ? "0" : "")\($0.month)"),
        "label": .string($0.label), "announcements": .list($0.cards),
      ])
    }
  }

  /// A notice for every wall live now, newest first: "Versions up to 1.8.0 must update", with
  /// the store buttons (or the wall's own link) and a link to the record.
  func wallNotices(_ announcements: [Announcement]) -> [TemplateValue] {
    announcements.filter { $0.blocking && $0.isLive(at: options.now) }.map { wall in
      let platforms = wall.reachedPlatforms(in: site.config)
      let who =
        platforms.count == site.config.platforms.count
        ? words["versions"]
        : words.format(
          "platformVersions",
          ["platforms": words.list(platforms.map { PlatformNames.name($0.key) })])
      var fields: TemplateObject = [
        "id": .string(wall.id),
        "headline": .string(
          words.format("wallHeadline", ["who": who, "range": words.headlineRange(wall.range)])),
        "title": .string(wall.title),
        "url": .string(urls.announcement(wall.id)),
      ]
      if case .web(let url)? = wall.action {
        fields["link"] = .object([
          "href": .string(url),
          "label": .string(wall.actionLabel ?? words.defaultAction(wall.kind)),
        ])
      } else {
        fields["stores"] = stores(platforms)
      }
      return .object(fields)
    }
  }
}
