// What an app imports from "@herald/client": the reader, what it gives (the state and its
// messages), and what an app may replace (transport, storage, clock). Everything else is the
// reader's own and may change between versions.
export { HeraldClient, systemClock } from "./client.js";
export type { HeraldClientOptions, HeraldClock } from "./client.js";
export type { HeraldFailure, Kind, ManifestRow, Severity } from "./documents.js";
export type { HeraldAction } from "./action.js";
export type { HeraldChannelKeys, StatementFailureKind } from "./signing.js";
export { emptyState } from "./state.js";
export type { HeraldMessage, HeraldState } from "./state.js";
export { memoryStorage } from "./storage.js";
export type { StorageAdapter } from "./storage.js";
export { formatTimestamp, parseTimestamp, timestampFromMilliseconds } from "./timestamp.js";
export type { Timestamp } from "./timestamp.js";
export { fetchTransport, memoryTransport } from "./transport.js";
export type { FetchTransportOptions, HeraldRequest, HeraldResponse, HeraldTransport } from "./transport.js";
