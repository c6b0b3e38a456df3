/** The limits every Herald client enforces, one number each (conformance/limits.json). */
export const limits = {
  /** The largest body read, in bytes of the decoded body: a larger one is a failure, and nothing interrupts. */
  maximumBodySize: 5_000_000,
  /** The deepest nesting of arrays and objects a document may have. */
  maximumDepth: 64,
  /** The longest a whole refresh may take by default, in milliseconds. */
  defaultTimeout: 10_000,
  /** The shortest `remindAfter` a row may have, in seconds (an hour); a row with a shorter one is left out. */
  minimumRemindAfter: 3600,
  /** The longest `remindAfter` a row may have, in seconds (3,650 days); a row with a longer one is left out. */
  maximumRemindAfter: 315_360_000,
  /** What a client that sets its own request headers asks for in `Accept-Encoding` (conformance/transport.json). */
  acceptEncoding: "gzip",
  /** The `Content-Encoding` labels such a client reads, lowercased (no header is identity); any other fails. */
  readableEncodings: ["gzip", "identity"],
} as const;
