import Foundation
import HeraldCore

/// What a draft does in every app (DESIGN §11): for each platform, each listed release and a
/// hotfix of each, and each locale, what that app shows of the draft (a wall, a takeover, a
/// dialog, a strip, a badge, or nothing) and why, decided by `explain`'s code.
///
/// Decided for a user inside every rollout begun who has seen every other announcement (so the
/// draft is not hidden behind older ones a real user dismissed long ago), at the draft's publish
/// time when that is still to come (so a scheduled note shows what it will do), else now.
struct ComposerMatrix: Sendable {
  /// One app.
  struct Cell: Sendable, Equatable {
    let platform: String
    let version: String
    /// Whether the version is a hotfix of a listed release (`1.9.0.1`), not a listed one.
    let hotfix: Bool
    /// The locale, or nil for the channel's default.
    let locale: String?
    /// `wall`, `takeover`, `dialog`, `strip`, `badge` or `nothing`.
    let shows: String
    /// `explain`'s outcome code and reason.
    let code: String
    let why: String
  }

  /// When it was decided.
  let at: Timestamp
  /// Every app, platform by platform, releases in order, each followed by its hotfix.
  let cells: [Cell]
  /// The listed releases it walls now (not at `at`): what typing a wall's id again confirms.
  let wallsNow: [String]

  init(site: Site, id: String, now: Timestamp) {
    let publishAt = site.announcements.first { $0.id == id }?.publishAt ?? now
    let time = max(now, publishAt)
    at = time
    let seen = Self.seen(site: site, id: id, at: time)
    // The channel is built once for each time decided at, and every app reads it.
    let channel = try? ClientRun.PreparedChannel(site: site, at: time)
    let locales: [String?] = [nil] + site.config.otherLocales.map { $0 }
    var apps: [(platform: String, version: Version, hotfix: Bool, locale: String?)] = []
    for platform in site.config.platforms {
      for release in platform.sortedReleases {
        let hotfix = try? Version(parsing: release.text + ".1")
        for (version, isHotfix) in [(release, false)] + (hotfix.map { [($0, true)] } ?? []) {
          for locale in locales { apps.append((platform.key, version, isHotfix, locale)) }
        }
      }
    }
    cells = apps.concurrentMap { app in
      Self.cell(
        site: site, id: id, platform: app.platform, version: app.version, hotfix: app.hotfix,
        locale: app.locale, at: time, seen: seen, channel: channel)
    }.compactMap { $0 }
    // What it walls now: the same cells when it is live already, else decided again at now.
    let listed = apps.filter { !$0.hotfix && $0.locale == nil }
    let shownNow: [Cell]
    if now == time {
      shownNow = cells.filter { !$0.hotfix && $0.locale == nil }
    } else {
      let channelNow = try? ClientRun.PreparedChannel(site: site, at: now)
      shownNow = listed.concurrentMap { app in
        Self.cell(
          site: site, id: id, platform: app.platform, version: app.version, hotfix: false,
          locale: nil, at: now, seen: seen, channel: channelNow)
      }.compactMap { $0 }
    }
    wallsNow = shownNow.filter { $0.shows == "wall" }.map { "\($0.platform) \($0.version)" }
  }

  /// What the apps have seen: every other record that could still interrupt at that time
  /// (published and not expired); the others interrupt no one, and listing them would only cost
  /// each app's storage.
  static func seen(site: Site, id: String, at time: Timestamp) -> Set<String> {
    Set(
      site.announcements.filter {
        $0.id != id && $0.publishAt <= time && !($0.expiresAt.map { $0 <= time } ?? false)
      }.map(\.id))
  }

  private static func cell(
    site: Site, id: String, platform: String, version: Version, hotfix: Bool, locale: String?,
    at: Timestamp, seen: Set<String>, channel: ClientRun.PreparedChannel?
  ) -> Cell? {
    guard
      let explanation = try? Explanation(
        site: site, platform: platform, version: version, now: at, seen: seen,
        accountCreatedAt: nil, origin: "the composer", audience: .inside, locale: locale,
        prepared: channel, only: id),
      let outcome = explanation.records.first(where: { $0.id == id })?.outcome
    else { return nil }
    let shows: String
    switch outcome {
    case .decided(.shown(let shape)): shows = shape
    case .decided(.outranked), .decided(.superseded), .decided(.behindWall): shows = "badge"
    default: shows = "nothing"
    }
    return Cell(
      platform: platform, version: version.text, hotfix: hotfix, locale: locale, shows: shows,
      code: outcome.code, why: outcome.explanation)
  }

  /// The matrix for the page.
  var json: JSONValue {
    .object([
      "at": .string(at.rfc3339),
      "wallsNow": .array(wallsNow.map(JSONValue.string)),
      "cells": .array(
        cells.map {
          .object([
            "platform": .string($0.platform), "version": .string($0.version),
            "hotfix": .bool($0.hotfix), "locale": .optional($0.locale),
            "shows": .string($0.shows), "code": .string($0.code), "why": .string($0.why),
          ])
        }),
    ])
  }

  /// What it does, in a sentence per shape, for a commit message: "dialog: ios 2.0.0, …".
  var summary: String {
    let listed = cells.filter { !$0.hotfix && $0.locale == nil }
    var lines: [String] = []
    for shape in ["wall", "takeover", "dialog", "strip", "badge"] {
      let apps = listed.filter { $0.shows == shape }.map { "\($0.platform) \($0.version)" }
      if !apps.isEmpty { lines.append("Shows a \(shape) in \(apps.joined(separator: ", ")).") }
    }
    if lines.isEmpty { lines.append("Shows nothing in any listed release at \(at.rfc3339).") }
    lines.append("Decided by herald's composer at \(at.rfc3339).")
    return lines.joined(separator: "\n")
  }
}
