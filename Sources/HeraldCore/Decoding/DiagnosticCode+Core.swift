extension DiagnosticCode {
  // Fields of a record or of herald.yaml.
  /// A field that the format does not know.
  package static let unknownField = DiagnosticCode("unknown-field")
  /// A required field that is absent.
  package static let missingField = DiagnosticCode("missing-field")
  /// A field written twice in one mapping.
  package static let duplicateField = DiagnosticCode("duplicate-field")
  /// A value of the wrong shape (a list where text belongs, a number where a boolean belongs).
  package static let wrongType = DiagnosticCode("wrong-type")
  /// A field written with no value.
  package static let emptyValue = DiagnosticCode("empty-value")
  /// A boolean written any way but `true` or `false`.
  package static let invalidBoolean = DiagnosticCode("invalid-boolean")
  /// An id that is not a slug.
  package static let invalidID = DiagnosticCode("invalid-id")
  /// A title that is empty after trimming.
  package static let emptyTitle = DiagnosticCode("empty-title")
  /// A severity other than INFO, IMPORTANT or CRITICAL.
  package static let invalidSeverity = DiagnosticCode("invalid-severity")
  /// A kind other than WHATS_NEW, UPDATE_AVAILABLE or NOTICE.
  package static let invalidKind = DiagnosticCode("invalid-kind")
  /// A text that is not a version.
  package static let invalidVersion = DiagnosticCode("invalid-version")
  /// `minVersion` above `maxVersion`.
  package static let rangeInverted = DiagnosticCode("range-inverted")
  /// Both `maxVersion` and `belowVersion`: a record has one upper bound.
  package static let rangeTwoUpperBounds = DiagnosticCode("range-two-upper-bounds")
  /// A wall whose inclusive `maxVersion` leaves versions between it and the next listed release
  /// unwalled (a hotfix such as 1.8.9.1 of maxVersion 1.8.9 with a release 1.9.0).
  package static let wallGap = DiagnosticCode("wall-gap")
  /// A platform key that herald.yaml does not configure.
  package static let unknownPlatform = DiagnosticCode("unknown-platform")
  /// A platforms list that is empty or names a platform twice.
  package static let invalidPlatforms = DiagnosticCode("invalid-platforms")
  /// An `actionUrl` of a kind that is not allowed.
  package static let invalidActionURL = DiagnosticCode("invalid-action-url")
  /// `actionUrl: store` on a platform with no store URL.
  package static let storeNotConfigured = DiagnosticCode("store-not-configured")
  /// A text that is not a timestamp.
  package static let invalidTimestamp = DiagnosticCode("invalid-timestamp")
  /// `expiresAt` before `publishAt`.
  package static let expiresBeforePublish = DiagnosticCode("expires-before-publish")
  /// `updatedAt` before `publishAt`.
  package static let updatedBeforePublish = DiagnosticCode("updated-before-publish")
  /// Two records with one id.
  package static let duplicateID = DiagnosticCode("duplicate-id")
  /// A body object or Markdown body the app cannot show.
  package static let invalidBody = DiagnosticCode("invalid-body")

  // The blocking rules.
  /// `blocking: true` on a record that is not CRITICAL.
  package static let blockingNotCritical = DiagnosticCode("blocking-not-critical")
  /// A wall with no exit.
  package static let blockingWithoutAction = DiagnosticCode("blocking-without-action")
  /// A wall without the typed confirmation, or with one that does not match the id.
  package static let blockingUnconfirmed = DiagnosticCode("blocking-unconfirmed")
  /// A wall with no upper bound.
  package static let blockingWithoutMaxVersion = DiagnosticCode("blocking-without-max-version")
  /// A wall whose maxVersion is not below the current release of a platform it reaches.
  package static let wallCoversCurrentRelease = DiagnosticCode("wall-covers-current-release")
  /// A wall that reaches a platform whose releases herald.yaml does not list.
  package static let wallWithoutReleases = DiagnosticCode("wall-without-releases")
  /// A confirmation on a record that does not block: it would pre-approve a later wall.
  package static let confirmWithoutBlocking = DiagnosticCode("confirm-without-blocking")

  // Warnings.
  /// A range that matches none of the configured releases.
  package static let rangeMatchesNoRelease = DiagnosticCode("range-matches-no-release")
  /// A title over 80 characters.
  package static let longTitle = DiagnosticCode("long-title")
  /// A record that expires the moment it is published, so it is never live.
  package static let expiresAtPublish = DiagnosticCode("expires-at-publish")
  /// A release list that is not in ascending order.
  package static let releasesOutOfOrder = DiagnosticCode("releases-out-of-order")
  /// A release listed twice.
  package static let duplicateRelease = DiagnosticCode("duplicate-release")
  /// One version listed twice in different spellings (`1.10` and `1.10.0`): one manifest.
  package static let releaseSpelledTwice = DiagnosticCode("release-spelled-twice")
  /// Two releases whose manifest names differ only in case (`1.0.0-RC.1`, `1.0.0-rc.1`).
  package static let releaseNamesCollide = DiagnosticCode("release-names-collide")

  // herald.yaml.
  /// A baseURL that is not an absolute https URL ending in `/`.
  package static let invalidBaseURL = DiagnosticCode("invalid-base-url")
  /// A language that is not a BCP 47 tag.
  package static let invalidLanguage = DiagnosticCode("invalid-language")
  /// A `locales` entry that is not a BCP 47 tag in canonical case, or is listed twice.
  package static let invalidLocale = DiagnosticCode("invalid-locale")
  /// `language` and `locales` both given, naming different defaults.
  package static let localesConflict = DiagnosticCode("locales-conflict")
  /// A translation of a locale that herald.yaml's `locales` does not list.
  package static let unknownLocale = DiagnosticCode("unknown-locale")
  /// A translation of the default locale, whose words are the record's own fields.
  package static let defaultLocaleTranslation = DiagnosticCode("translation-of-default")
  /// A translation file whose record does not exist.
  package static let orphanTranslation = DiagnosticCode("orphan-translation")
  /// A fact (a range, a severity, a date…) in a translation file.
  package static let factInTranslation = DiagnosticCode("fact-in-translation")
  /// One locale translated twice for one record (in the record and in its own file).
  package static let duplicateTranslation = DiagnosticCode("duplicate-translation")
  /// A wall whose text a configured locale does not translate.
  package static let untranslatedWall = DiagnosticCode("untranslated-wall")
  /// A feedLimit that is not a whole number of zero or more.
  package static let invalidFeedLimit = DiagnosticCode("invalid-feed-limit")
  /// A `manifestBudget` that is not a size.
  package static let invalidBudget = DiagnosticCode("invalid-budget")
  /// An `archive` setting that is not a mapping with a positive whole `pageSize`.
  package static let invalidArchive = DiagnosticCode("invalid-archive")
  /// A document an app reads over the clients' body limit: apps fail open, and its walls escape.
  package static let documentTooLarge = DiagnosticCode("document-too-large")
  /// A document an app reads over `manifestBudget`.
  package static let documentOverBudget = DiagnosticCode("document-over-budget")
  /// A document or row herald's encoder refused (a herald bug, never written as `null`).
  package static let documentUnwritable = DiagnosticCode("document-unwritable")
  /// A theme name that is not a folder name.
  package static let invalidTheme = DiagnosticCode("invalid-theme")
  /// A platform key that does not match `^[a-z][a-z0-9-]*$`, or no platforms at all.
  package static let invalidPlatform = DiagnosticCode("invalid-platform")
  /// A store URL that is not https.
  package static let invalidStoreURL = DiagnosticCode("invalid-store-url")
  /// A deep-link scheme that is not a bare scheme name, or one that is never safe.
  package static let invalidScheme = DiagnosticCode("invalid-scheme")
  /// A `signing` setting apps could not use: a channel id, a public key or a validity that cannot
  /// be read, or a wall key that is not also a key.
  package static let invalidSigning = DiagnosticCode("invalid-signing")
  /// A signed build whose time is more than a day ahead of the machine's clock.
  package static let signingTimeAhead = DiagnosticCode("signing-time-ahead")
}

extension DiagnosticCode {
  /// A file of the site that could not be read.
  package static let unreadableFile = DiagnosticCode("unreadable-file")
  /// A site without its content/announcements folder.
  package static let missingAnnouncements = DiagnosticCode("missing-announcements")
  /// A symbolic link that leaves the site folder.
  package static let linkOutsideSite = DiagnosticCode("link-outside-site")
  /// A path that is a FIFO, a device, a folder, a dangling link or a loop where a file should be.
  package static let notAFile = DiagnosticCode("not-a-file")
}

extension DiagnosticCode {
  // Rollouts and reminders (DESIGN §5.8, §5.9).
  /// A rollout that cannot be read: a share outside 0–100%, steps out of order or decreasing.
  package static let invalidRollout = DiagnosticCode("invalid-rollout")
  /// A duration that is not a count of minutes, hours, days or weeks (`12h`, `7d`).
  package static let invalidDuration = DiagnosticCode("invalid-duration")
  /// `remindAfter` on a wall, which is never marked away and so never reminds.
  package static let remindOnWall = DiagnosticCode("remind-on-wall")
  /// A `remindAfter` under an hour (a message that comes back as soon as it is closed) or over
  /// 3,650 days (`ClientLimits`).
  package static let remindOutOfRange = DiagnosticCode("remind-out-of-range")
  /// A title or body that is still a placeholder `herald new` or `herald init` wrote.
  package static let placeholderText = DiagnosticCode("placeholder-text")
  /// A `baseURL` on a domain reserved for examples (`herald init`'s placeholder).
  package static let placeholderBaseURL = DiagnosticCode("placeholder-base-url")
  /// A time, given or made (a rollout step), outside the years 0000 to 9999 that apps read.
  package static let timeOutOfRange = DiagnosticCode("time-out-of-range")
}
