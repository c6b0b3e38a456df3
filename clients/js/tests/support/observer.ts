import { HeraldClient } from "../../src/client.js";
import { HeraldState } from "../../src/state.js";

/** Subscribes to a client and hands out each state it announces, in order. */
export class StateObserver {
  private readonly queue: { state: HeraldState; requests: number }[] = [];
  private waiting: (() => void) | null = null;
  private readonly unsubscribe: () => void;

  /** Subscribes; `requests` counts what a server saw, read at the moment each state arrives. */
  constructor(client: HeraldClient, requests: () => number = () => 0) {
    this.unsubscribe = client.subscribe(() => {
      this.queue.push({ state: client.getState(), requests: requests() });
      this.waiting?.();
    });
  }

  /** The next state announced, and how many requests the server had seen when it was. */
  async next(): Promise<{ state: HeraldState; requests: number }> {
    while (this.queue.length === 0) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
    const first = this.queue.shift();
    if (first === undefined) throw new Error("unreachable: the queue was not empty");
    return first;
  }

  /** Unsubscribes. */
  stop(): void {
    this.unsubscribe();
  }
}
