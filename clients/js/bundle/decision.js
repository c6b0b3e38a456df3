import { classifyAction } from "./action.js";
import { rolloutBucket } from "./bucket.js";
import { compareTimestamps } from "./timestamp.js";
import { compareVersions } from "./version.js";
/** Whether a row is published at a time. */
export function isPublished(row, now) {
    return compareTimestamps(row.publishedAt, now) <= 0;
}
/** Whether a row has expired at a time. */
export function isExpired(row, now) {
    return row.expiresAt !== null && compareTimestamps(row.expiresAt, now) <= 0;
}
/** Whether a row's range holds a version: minVersion and maxVersion inclusive, belowVersion exclusive. */
export function rangeHolds(row, version) {
    return ((row.minVersion === null || compareVersions(row.minVersion, version) <= 0) &&
        (row.maxVersion === null || compareVersions(version, row.maxVersion) <= 0) &&
        (row.belowVersion === null || compareVersions(version, row.belowVersion) < 0));
}
/**
 * The rows an app of a version decides from: a release's manifest as it is; live.json filtered by
 * the build's rule (published, not expired, range holds), so an unlisted version gets exactly what
 * a listed one would.
 */
export function rowsFor(document, version, now) {
    if (document.scope === "release")
        return [...document.announcements];
    return document.announcements.filter((row) => rangeHolds(row, version) && isPublished(row, now) && !isExpired(row, now));
}
/** The share a rollout reaches at a time, of 10,000 buckets: the last step begun's, 0 before the first. */
export function rolloutShare(rollout, now) {
    let share = 0;
    for (const step of rollout.steps)
        if (compareTimestamps(step.at, now) <= 0)
            share = step.share;
    return share;
}
/** The audience's bucket in a rollout salted with `salt`. */
export function audienceBucket(audience, salt) {
    if (audience === "inside")
        return 0;
    if (audience === "outside")
        return 9999;
    return rolloutBucket(salt, audience.stableId);
}
/** Whether a row reaches an audience: no rollout, or its bucket is below the share at the time. */
export function rolloutReaches(row, audience, now) {
    return row.rollout === null || audienceBucket(audience, row.rollout.salt) < rolloutShare(row.rollout, now);
}
/**
 * The ids still seen at a time: a row with `remindAfter` is unseen again once that long has
 * passed since it was marked, so a dismissed nudge comes back; every other mark holds.
 */
export function stillSeen(marks, rows, now) {
    const reminders = new Map();
    for (const row of rows)
        if (row.remindAfter !== null)
            reminders.set(row.id, row.remindAfter);
    const seen = new Set();
    for (const [id, marked] of marks) {
        const seconds = reminders.get(id);
        const due = seconds === undefined ? null : { seconds: marked.seconds + seconds, nanoseconds: marked.nanoseconds };
        if (due === null || compareTimestamps(now, due) < 0)
            seen.add(id);
    }
    return seen;
}
/** Newest first, then by id. */
export function newestFirst(a, b) {
    const order = compareTimestamps(b.publishedAt, a.publishedAt);
    if (order !== 0)
        return order;
    return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}
/** Decides what to show; only fresh rows may interrupt. */
export function decide(source, now, seen, accountCreatedAt, audience) {
    if (source.kind === "unavailable")
        return { wall: null, interruption: null, badge: 0, archive: [] };
    // A row the rollout does not deliver to this user is nowhere for them: no badge, no archive.
    const rows = source.rows.filter((row) => rolloutReaches(row, audience, now)).sort(newestFirst);
    const walls = [];
    const eligible = [];
    for (const row of rows) {
        if (!isPublished(row, now) || isExpired(row, now))
            continue;
        if (row.blocking) {
            // Only a CRITICAL row with an exit an app can open is a wall; any other blocking row is ignored.
            if (row.severity === "CRITICAL" && row.actionUrl !== null && classifyAction(row.actionUrl) !== null) {
                walls.push(row);
            }
        }
        else if (seen.has(row.id)) {
            continue;
        }
        else if (accountCreatedAt !== null && compareTimestamps(row.publishedAt, accountCreatedAt) < 0) {
            continue;
        }
        else {
            eligible.push(row);
        }
    }
    const badge = eligible.length + walls.filter((row) => !seen.has(row.id)).length;
    const archive = rows.filter((row) => isPublished(row, now) && !isExpired(row, now));
    if (source.kind === "cached")
        return { wall: null, interruption: null, badge, archive };
    const wall = walls[0] ?? null;
    if (wall)
        return { wall, interruption: null, badge, archive };
    for (const [severity, shape] of [
        ["CRITICAL", "takeover"],
        ["IMPORTANT", "dialog"],
        ["INFO", "strip"],
    ]) {
        const row = eligible.find((candidate) => candidate.severity === severity);
        if (row)
            return { wall: null, interruption: { shape, row }, badge, archive };
    }
    return { wall: null, interruption: null, badge, archive };
}
