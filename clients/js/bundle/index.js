// What an app imports from "@herald/client": the reader, what it gives (the state and its
// messages), and what an app may replace (transport, storage, clock). Everything else is the
// reader's own and may change between versions.
export { HeraldClient, systemClock } from "./client.js";
export { emptyState } from "./state.js";
export { memoryStorage } from "./storage.js";
export { formatTimestamp, parseTimestamp, timestampFromMilliseconds } from "./timestamp.js";
export { fetchTransport, memoryTransport } from "./transport.js";
