import { decide, stillSeen } from "./decision.js";
import { ChannelReader, indexURL } from "./reader.js";
import { emptyState, sameState, stateOf } from "./state.js";
import { addSeen, installId, memoryStorage, readSeenMarks } from "./storage.js";
import { compareTimestamps, millisecondsOf, parseTimestamp, timestampFromMilliseconds, } from "./timestamp.js";
import { limits } from "./limits.js";
import { fetchTransport } from "./transport.js";
import { parseVersion } from "./version.js";
/** The system clock, with setTimeout. */
export const systemClock = {
    now: () => timestampFromMilliseconds(Date.now()),
    sleepUntil: (time, signal) => new Promise((resolve, reject) => {
        if (signal.aborted)
            return reject(new Error("aborted"));
        const delay = Math.min(Math.max(0, millisecondsOf(time) - Date.now()), 2147483647);
        const timer = setTimeout(resolve, delay);
        signal.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(new Error("aborted"));
        });
    }),
};
const deviceUser = "_device";
/** The browser's languages, most preferred first; none where there is no navigator (Node, React Native). */
function browserLanguages() {
    const navigator = globalThis.navigator;
    return navigator?.languages ?? [];
}
/** The account's creation instant; text that is not RFC 3339, or an invalid Date, is a programming error. */
function instant(value) {
    if (value === null || value === undefined)
        return null;
    const milliseconds = typeof value === "string" ? NaN : value.getTime();
    const time = typeof value === "string"
        ? parseTimestamp(value)
        : Number.isFinite(milliseconds)
            ? timestampFromMilliseconds(milliseconds)
            : undefined;
    if (time === undefined)
        throw new TypeError(`accountCreatedAt ${String(value)} is not a time`);
    return time;
}
/**
 * herald's reader for React Native and the web: fetches the channel, caches it, fails open, keeps
 * seen state per user, and decides what the app shows exactly as HeraldClient (Swift) and
 * `herald explain` do. `subscribe` and `getState` have the shape `useSyncExternalStore` takes.
 */
export class HeraldClient {
    constructor(options) {
        this.last = null;
        this.state = emptyState;
        this.listeners = new Set();
        this.polling = null;
        this.running = null;
        this.closing = new AbortController();
        /** The state as last decided (stable between changes, as useSyncExternalStore requires). */
        this.getState = () => this.state;
        /**
         * Calls the listener whenever the state changes; while anyone listens, the client refreshes,
         * polls at the manifest's max-age (bounded) and wakes at nextChangeAt. Returns the unsubscribe.
         */
        this.subscribe = (listener) => {
            if (this.closing.signal.aborted)
                return () => { };
            this.listeners.add(listener);
            if (this.listeners.size === 1)
                this.startPolling();
            return () => {
                this.listeners.delete(listener);
                if (this.listeners.size === 0) {
                    this.polling?.abort();
                    this.polling = null;
                }
            };
        };
        this.install = null;
        this.options = options;
        this.storage = options.storage ?? memoryStorage();
        this.clock = options.clock ?? systemClock;
        this.user = options.userId ?? deviceUser;
        this.accountCreatedAt = instant(options.accountCreatedAt);
        const transport = options.transport ??
            fetchTransport({
                timeout: options.timeout,
                maximumBodySize: options.maximumBodySize,
                headers: options.headers,
                userAgent: options.userAgent,
            });
        this.reader = new ChannelReader(indexURL(options.channel), options.platform, options.preferredLanguages ?? browserLanguages(), transport, this.storage, options.timeout ?? limits.defaultTimeout, this.closing.signal, options.channelKeys ?? null);
    }
    /**
     * Fetches the channel (conditionally) and decides again: call it at launch and when the app comes
     * to the foreground. A refresh asked for while one runs joins it. It never rejects: every failure
     * is in the state (`freshness`, `failure`).
     */
    refresh() {
        if (this.closing.signal.aborted)
            return this.decideAgain();
        this.running ?? (this.running = this.fetchAndDecide().finally(() => {
            this.running = null;
        }));
        return this.running;
    }
    async fetchAndDecide() {
        const version = parseVersion(this.options.appVersion);
        if (version === undefined) {
            this.last = {
                source: { kind: "unavailable", failure: { kind: "unreadable", reason: "the app version is not a version" } },
                scope: null,
                nextChangeAt: null,
                maxAge: null,
                locale: null,
            };
        }
        else {
            this.last = await this.reader.read(version, this.clock.now());
        }
        return this.decideAgain();
    }
    /** Marks a message seen: a strip when dismissed, a dialog or takeover when closed. */
    async markSeen(id) {
        await addSeen(this.storage, this.user, [id], this.clock.now());
        return this.decideAgain();
    }
    /** Marks every message of the archive seen, when the user opens the archive. */
    async markArchiveOpened() {
        await addSeen(this.storage, this.user, this.state.archive.map((entry) => entry.message.id), this.clock.now());
        return this.decideAgain();
    }
    /** Switches to another user: their own seen list and account age apply from now on. */
    async setUser(userId, accountCreatedAt) {
        this.user = userId ?? deviceUser;
        this.accountCreatedAt = instant(accountCreatedAt);
        return this.decideAgain();
    }
    /**
     * Stops everything: listeners are dropped and polling ends, an exchange under way is aborted, and
     * from now on `refresh()` decides from what the client has without fetching. Marks are still kept.
     */
    close() {
        this.closing.abort();
        this.listeners.clear();
        this.polling?.abort();
        this.polling = null;
    }
    /** Decides again from the last rows at the clock's time, without fetching. */
    async decideAgain() {
        if (this.last === null)
            return this.state;
        const now = this.clock.now();
        const source = this.last.source;
        const rows = source.kind === "unavailable" ? [] : source.rows;
        // A reminder whose time has come is unseen again.
        const seen = stillSeen(await readSeenMarks(this.storage, this.user, now), rows, now);
        // A rollout's buckets come from the signed-in user's id, else from the install's own.
        const audience = this.options.rollouts ?? {
            stableId: this.options.stableId ?? (this.user === deviceUser ? await this.installId() : this.user),
        };
        const decision = decide(source, now, seen, this.accountCreatedAt, audience);
        const next = stateOf(decision, source, seen, this.last.scope, this.last.nextChangeAt, this.last.locale);
        if (!sameState(next, this.state)) {
            this.state = next;
            for (const listener of [...this.listeners])
                listener();
        }
        return this.state;
    }
    /** The install's own id, read (or made) once per client. */
    installId() {
        this.install ?? (this.install = installId(this.storage));
        return this.install;
    }
    startPolling() {
        const controller = new AbortController();
        this.polling = controller;
        void this.poll(controller.signal);
    }
    async poll(signal) {
        const maximum = this.options.maximumPollInterval ?? 300000;
        const minimum = Math.min(this.options.minimumPollInterval ?? 30000, maximum);
        try {
            await this.refresh();
            while (!signal.aborted) {
                const now = this.clock.now();
                const age = this.last?.maxAge === null || this.last?.maxAge === undefined ? maximum : this.last.maxAge * 1000;
                const poll = timestampFromMilliseconds(millisecondsOf(now) + Math.min(Math.max(age, minimum), maximum));
                const change = this.last?.nextChangeAt ?? null;
                const wakesForChange = change !== null && compareTimestamps(change, now) > 0 && compareTimestamps(change, poll) < 0;
                await this.clock.sleepUntil(wakesForChange && change !== null ? change : poll, signal);
                if (wakesForChange)
                    await this.decideAgain();
                if (signal.aborted)
                    break;
                await this.refresh();
            }
        }
        catch {
            // Aborted: nobody listens any more.
        }
    }
}
