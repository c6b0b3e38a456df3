import { decide, ManifestSource, RolloutAudience, stillSeen } from "./decision.js";
import { ChannelReader, indexURL, ReadOutcome } from "./reader.js";
import { emptyState, HeraldState, sameState, stateOf } from "./state.js";
import { addSeen, installId, memoryStorage, readSeenMarks, StorageAdapter } from "./storage.js";
import {
  compareTimestamps,
  millisecondsOf,
  parseTimestamp,
  Timestamp,
  timestampFromMilliseconds,
} from "./timestamp.js";
import { limits } from "./limits.js";
import { fetchTransport, HeraldTransport } from "./transport.js";
import { parseVersion } from "./version.js";
import type { HeraldChannelKeys } from "./signing.js";

/** The client's clock: tests give one they move by hand. */
export interface HeraldClock {
  /** The current time. */
  now(): Timestamp;
  /** Resolves at a time (at once for a time past); rejects when the signal aborts. */
  sleepUntil(time: Timestamp, signal: AbortSignal): Promise<void>;
}

/** The system clock, with setTimeout. */
export const systemClock: HeraldClock = {
  now: () => timestampFromMilliseconds(Date.now()),
  sleepUntil: (time, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new Error("aborted"));
      const delay = Math.min(Math.max(0, millisecondsOf(time) - Date.now()), 2_147_483_647);
      const timer = setTimeout(resolve, delay);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("aborted"));
      });
    }),
};

/** How a client is made. */
export interface HeraldClientOptions {
  /** The channel's base URL (herald.yaml's baseURL), or its api/v1/index.json. */
  channel: string;
  /** The platform key, as the channel's herald.yaml names it (`ios`, `android`, `web`). */
  platform: string;
  /** The running app's version (`1.10.0`, a hotfix such as `1.9.3.1`, `2.0-beta.1`). */
  appVersion: string;
  /** The signed-in user (seen state is per user); omit for a device without one. */
  userId?: string | null;
  /** When the account was created, for the account-age gate (a Date or RFC 3339 text). */
  accountCreatedAt?: Date | string | null;
  /**
   * The id a rollout's buckets are taken from; default: the signed-in user's id, else an id this
   * install makes once and keeps in `storage`. Give your own when the app has one already.
   */
  stableId?: string;
  /**
   * Decide as for a user inside every rollout begun, or outside every one not yet at 100%,
   * whoever the user is: for previews and QA builds (`herald serve`'s app preview sets it); default:
   * by the stable id's bucket.
   */
  rollouts?: "inside" | "outside";
  /** Where documents and seen lists are kept (AsyncStorage's shape); default: memory. */
  storage?: StorageAdapter;
  /** How documents are fetched; default: fetch with `timeout` and `maximumBodySize`. */
  transport?: HeraldTransport;
  /** The longest a whole refresh may take, in milliseconds: one deadline for every document it reads (default 10 s). */
  timeout?: number;
  /** The largest body read, in bytes after content decoding (default 5 MB). */
  maximumBodySize?: number;
  /** Extra headers for every request of the default transport (see FetchTransportOptions.headers). */
  headers?: Readonly<Record<string, string>>;
  /** The User-Agent for the default transport, where the platform allows one. */
  userAgent?: string;
  /** The clock; default: the system's. */
  clock?: HeraldClock;
  /** The longest wait between polls while subscribed, in ms (default 5 minutes). */
  maximumPollInterval?: number;
  /** The shortest wait between polls, in ms (default 30 s). */
  minimumPollInterval?: number;
  /**
   * The languages the user reads, most preferred first (default: the browser's
   * `navigator.languages`; in React Native pass them, e.g. from expo-localization). A channel with
   * several locales serves the first one they reach (`fr-CA` reaches `fr`), else its default.
   */
  preferredLanguages?: readonly string[];
  /**
   * The keys the app pins when the channel is signed (docs/signing.md): with them the client believes only
   * what a statement signed by one of them lists, and fails open otherwise (`failure.kind` says why).
   */
  channelKeys?: HeraldChannelKeys | null;
}

const deviceUser = "_device";

/** The browser's languages, most preferred first; none where there is no navigator (Node, React Native). */
function browserLanguages(): readonly string[] {
  const navigator = (globalThis as { navigator?: { languages?: readonly string[] } }).navigator;
  return navigator?.languages ?? [];
}

/** The account's creation instant; text that is not RFC 3339, or an invalid Date, is a programming error. */
function instant(value: Date | string | null | undefined): Timestamp | null {
  if (value === null || value === undefined) return null;
  const milliseconds = typeof value === "string" ? NaN : value.getTime();
  const time =
    typeof value === "string"
      ? parseTimestamp(value)
      : Number.isFinite(milliseconds)
        ? timestampFromMilliseconds(milliseconds)
        : undefined;
  if (time === undefined) throw new TypeError(`accountCreatedAt ${String(value)} is not a time`);
  return time;
}

/**
 * herald's reader for React Native and the web: fetches the channel, caches it, fails open, keeps
 * seen state per user, and decides what the app shows exactly as HeraldClient (Swift) and
 * `herald explain` do. `subscribe` and `getState` have the shape `useSyncExternalStore` takes.
 */
export class HeraldClient {
  private readonly reader: ChannelReader;
  private readonly storage: StorageAdapter;
  private readonly clock: HeraldClock;
  private readonly options: HeraldClientOptions;
  private user: string;
  private accountCreatedAt: Timestamp | null;
  private last: ReadOutcome | null = null;
  private state: HeraldState = emptyState;
  private readonly listeners = new Set<() => void>();
  private polling: AbortController | null = null;
  private running: Promise<HeraldState> | null = null;
  private readonly closing = new AbortController();

  constructor(options: HeraldClientOptions) {
    this.options = options;
    this.storage = options.storage ?? memoryStorage();
    this.clock = options.clock ?? systemClock;
    this.user = options.userId ?? deviceUser;
    this.accountCreatedAt = instant(options.accountCreatedAt);
    const transport =
      options.transport ??
      fetchTransport({
        timeout: options.timeout,
        maximumBodySize: options.maximumBodySize,
        headers: options.headers,
        userAgent: options.userAgent,
      });
    this.reader = new ChannelReader(
      indexURL(options.channel),
      options.platform,
      options.preferredLanguages ?? browserLanguages(),
      transport,
      this.storage,
      options.timeout ?? limits.defaultTimeout,
      this.closing.signal,
      options.channelKeys ?? null,
    );
  }

  /** The state as last decided (stable between changes, as useSyncExternalStore requires). */
  getState = (): HeraldState => this.state;

  /**
   * Calls the listener whenever the state changes; while anyone listens, the client refreshes,
   * polls at the manifest's max-age (bounded) and wakes at nextChangeAt. Returns the unsubscribe.
   */
  subscribe = (listener: () => void): (() => void) => {
    if (this.closing.signal.aborted) return () => {};
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.startPolling();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.polling?.abort();
        this.polling = null;
      }
    };
  };

  /**
   * Fetches the channel (conditionally) and decides again: call it at launch and when the app comes
   * to the foreground. A refresh asked for while one runs joins it. It never rejects: every failure
   * is in the state (`freshness`, `failure`).
   */
  refresh(): Promise<HeraldState> {
    if (this.closing.signal.aborted) return this.decideAgain();
    this.running ??= this.fetchAndDecide().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async fetchAndDecide(): Promise<HeraldState> {
    const version = parseVersion(this.options.appVersion);
    if (version === undefined) {
      this.last = {
        source: { kind: "unavailable", failure: { kind: "unreadable", reason: "the app version is not a version" } },
        scope: null,
        nextChangeAt: null,
        maxAge: null,
        locale: null,
      };
    } else {
      this.last = await this.reader.read(version, this.clock.now());
    }
    return this.decideAgain();
  }

  /** Marks a message seen: a strip when dismissed, a dialog or takeover when closed. */
  async markSeen(id: string): Promise<HeraldState> {
    await addSeen(this.storage, this.user, [id], this.clock.now());
    return this.decideAgain();
  }

  /** Marks every message of the archive seen, when the user opens the archive. */
  async markArchiveOpened(): Promise<HeraldState> {
    await addSeen(
      this.storage,
      this.user,
      this.state.archive.map((entry) => entry.message.id),
      this.clock.now(),
    );
    return this.decideAgain();
  }

  /** Switches to another user: their own seen list and account age apply from now on. */
  async setUser(userId: string | null, accountCreatedAt: Date | string | null): Promise<HeraldState> {
    this.user = userId ?? deviceUser;
    this.accountCreatedAt = instant(accountCreatedAt);
    return this.decideAgain();
  }

  /**
   * Stops everything: listeners are dropped and polling ends, an exchange under way is aborted, and
   * from now on `refresh()` decides from what the client has without fetching. Marks are still kept.
   */
  close(): void {
    this.closing.abort();
    this.listeners.clear();
    this.polling?.abort();
    this.polling = null;
  }

  /** Decides again from the last rows at the clock's time, without fetching. */
  private async decideAgain(): Promise<HeraldState> {
    if (this.last === null) return this.state;
    const now = this.clock.now();
    const source: ManifestSource = this.last.source;
    const rows = source.kind === "unavailable" ? [] : source.rows;
    // A reminder whose time has come is unseen again.
    const seen = stillSeen(await readSeenMarks(this.storage, this.user, now), rows, now);
    // A rollout's buckets come from the signed-in user's id, else from the install's own.
    const audience: RolloutAudience = this.options.rollouts ?? {
      stableId: this.options.stableId ?? (this.user === deviceUser ? await this.installId() : this.user),
    };
    const decision = decide(source, now, seen, this.accountCreatedAt, audience);
    const next = stateOf(decision, source, seen, this.last.scope, this.last.nextChangeAt, this.last.locale);
    if (!sameState(next, this.state)) {
      this.state = next;
      for (const listener of [...this.listeners]) listener();
    }
    return this.state;
  }

  private install: Promise<string> | null = null;

  /** The install's own id, read (or made) once per client. */
  private installId(): Promise<string> {
    this.install ??= installId(this.storage);
    return this.install;
  }

  private startPolling(): void {
    const controller = new AbortController();
    this.polling = controller;
    void this.poll(controller.signal);
  }

  private async poll(signal: AbortSignal): Promise<void> {
    const maximum = this.options.maximumPollInterval ?? 300_000;
    const minimum = Math.min(this.options.minimumPollInterval ?? 30_000, maximum);
    try {
      await this.refresh();
      while (!signal.aborted) {
        const now = this.clock.now();
        const age = this.last?.maxAge === null || this.last?.maxAge === undefined ? maximum : this.last.maxAge * 1000;
        const poll = timestampFromMilliseconds(millisecondsOf(now) + Math.min(Math.max(age, minimum), maximum));
        const change = this.last?.nextChangeAt ?? null;
        const wakesForChange =
          change !== null && compareTimestamps(change, now) > 0 && compareTimestamps(change, poll) < 0;
        await this.clock.sleepUntil(wakesForChange && change !== null ? change : poll, signal);
        if (wakesForChange) await this.decideAgain();
        if (signal.aborted) break;
        await this.refresh();
      }
    } catch {
      // Aborted: nobody listens any more.
    }
  }
}
