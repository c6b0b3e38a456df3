/** The limits every Herald client enforces, one number each (conformance/limits.json). */
export const limits = {
    /** The largest body read, in bytes of the decoded body: a larger one is a failure, and nothing interrupts. */
    maximumBodySize: 5000000,
    /** The deepest nesting of arrays and objects a document may have. */
    maximumDepth: 64,
    /** The longest a whole refresh may take by default, in milliseconds. */
    defaultTimeout: 10000,
};
