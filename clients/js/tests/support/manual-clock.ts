import { HeraldClock } from "../../src/client.js";
import { compareTimestamps, Timestamp } from "../../src/timestamp.js";

interface Waiter {
  readonly time: Timestamp;
  readonly resolve: () => void;
}

/** A clock the test moves by hand: sleeps end only when it is advanced past them. */
export class ManualClock implements HeraldClock {
  private waiters: Waiter[] = [];
  private watchers: (() => void)[] = [];

  constructor(private current: Timestamp) {}

  now(): Timestamp {
    return this.current;
  }

  sleepUntil(time: Timestamp, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new Error("aborted"));
      if (compareTimestamps(time, this.current) <= 0) return resolve();
      const waiter = { time, resolve };
      this.waiters.push(waiter);
      signal.addEventListener("abort", () => {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        reject(new Error("aborted"));
      });
      const watchers = this.watchers;
      this.watchers = [];
      for (const watcher of watchers) watcher();
    });
  }

  /** How many sleeps are pending. */
  get pending(): number {
    return this.waiters.length;
  }

  /** The earliest pending sleep's end, as soon as there is a pending sleep. */
  async nextWake(): Promise<Timestamp> {
    while (this.waiters.length === 0) await new Promise<void>((resolve) => this.watchers.push(resolve));
    return [...this.waiters].sort((a, b) => compareTimestamps(a.time, b.time))[0].time;
  }

  /** Moves the time forward, ending every sleep due by then. */
  advance(to: Timestamp): void {
    this.current = to;
    const due = this.waiters.filter((waiter) => compareTimestamps(waiter.time, to) <= 0);
    this.waiters = this.waiters.filter((waiter) => !due.includes(waiter));
    for (const waiter of due) waiter.resolve();
  }
}
