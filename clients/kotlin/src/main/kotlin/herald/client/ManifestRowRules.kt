package herald.client

/** Whether a row is published at a time. */
internal fun ManifestRow.isPublished(now: Timestamp): Boolean = publishedAt <= now

/** Whether a row has expired at a time. */
internal fun ManifestRow.isExpired(now: Timestamp): Boolean = expiresAt != null && expiresAt <= now

/** Whether a row's range holds a version: minVersion and maxVersion inclusive, belowVersion exclusive. */
internal fun ManifestRow.rangeHolds(version: Version): Boolean =
    (minVersion == null || minVersion <= version) &&
        (maxVersion == null || version <= maxVersion) &&
        (belowVersion == null || version < belowVersion)

/** Whether a row reaches the user of [stableId] at a time: no rollout, or their bucket is below its share. */
internal fun ManifestRow.reaches(stableId: String, now: Timestamp): Boolean =
    rollout == null || RolloutBucket.of(rollout.salt, stableId) < rollout.share(now)
