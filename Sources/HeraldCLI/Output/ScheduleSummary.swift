import HeraldCore

/// One line on what a valid site shows at a time: `live: 9, scheduled: 1 (next change …)`.
struct ScheduleSummary: CustomStringConvertible {
  /// How the site's records stand.
  let census: RecordCensus

  /// Counts a site's records at a time.
  init(site: Site, now: Timestamp) { census = RecordCensus(site: site, now: now) }

  var description: String {
    var parts = [
      "live \(census.live)", "scheduled \(census.scheduled)", "expired \(census.expired)",
      "inactive \(census.inactive)", "drafts \(census.drafts)",
    ]
    parts.append(census.nextChangeAt.map { "next change \($0)" } ?? "no change scheduled")
    return parts.joined(separator: ", ")
  }
}
