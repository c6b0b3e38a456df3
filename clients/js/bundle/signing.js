import { verifyEd25519 } from "./ed25519.js";
import { hex, sha256 } from "./sha2.js";
import { bodyText, documentProblem } from "./strict.js";
import { parseTimestamp } from "./timestamp.js";
/** This library's own Ed25519 and SHA-256, for a platform without WebCrypto (React Native's Hermes). */
export const ownCrypto = {
    async verify(publicKey, message, signature) {
        return verifyEd25519(publicKey, message, signature);
    },
    async sha256(bytes) {
        return sha256(bytes);
    },
};
/** Ed25519 and SHA-256 from WebCrypto (browsers, Node 20). */
export function webCrypto(subtle) {
    return {
        async verify(publicKey, message, signature) {
            try {
                const key = await subtle.importKey("raw", publicKey, { name: "Ed25519" }, false, ["verify"]);
                return await subtle.verify({ name: "Ed25519" }, key, signature, message);
            }
            catch {
                return false;
            }
        },
        async sha256(bytes) {
            return new Uint8Array(await subtle.digest("SHA-256", bytes));
        },
    };
}
let chosen = null;
const rfc8032Key = new Uint8Array([
    0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
    0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a,
]);
/** Replaces the platform's choice (the tests run every signed case through each verifier); null probes again. */
export function choosePlatformCrypto(checking) {
    chosen = checking === null ? null : Promise.resolve(checking);
}
/** WebCrypto where it has Ed25519, else this library's own verifier: probed once. */
export function platformCrypto() {
    chosen ?? (chosen = (async () => {
        const subtle = globalThis.crypto?.subtle;
        if (subtle === undefined)
            return ownCrypto;
        try {
            // RFC 8032's first test key: a valid point, so only a missing algorithm can refuse it.
            await subtle.importKey("raw", rfc8032Key, { name: "Ed25519" }, false, ["verify"]);
            return webCrypto(subtle);
        }
        catch {
            return ownCrypto;
        }
    })());
    return chosen;
}
/** The media type of the statement, the only one read. */
export const statementType = "application/vnd.herald.channel+json";
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Standard base64 with padding, strictly; null for anything else. */
export function base64Bytes(text) {
    if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text))
        return null;
    const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
    const out = new Uint8Array((text.length / 4) * 3 - padding);
    let bits = 0;
    let count = 0;
    let index = 0;
    for (const character of text) {
        if (character === "=")
            break;
        bits = (bits << 6) | alphabet.indexOf(character);
        count += 6;
        if (count >= 8) {
            count -= 8;
            if (index < out.length)
                out[index++] = (bits >> count) & 0xff;
        }
    }
    return out;
}
/** A public key's raw bytes, or null when it is not the base64 of 32 bytes. */
function rawKey(text) {
    const bytes = base64Bytes(text.trim());
    return bytes !== null && bytes.length === 32 ? bytes : null;
}
/** DSSE's pre-authentication encoding of a payload. */
export function pae(payloadType, payload) {
    const encoder = new TextEncoder();
    const type = encoder.encode(payloadType);
    const head = encoder.encode(`DSSEv1 ${type.length} `);
    const middle = encoder.encode(` ${payload.length} `);
    const out = new Uint8Array(head.length + type.length + middle.length + payload.length);
    out.set(head);
    out.set(type, head.length);
    out.set(middle, head.length + type.length);
    out.set(payload, head.length + type.length + middle.length);
    return out;
}
function parseStrict(text) {
    const problem = documentProblem(text);
    if (problem !== null)
        return problem;
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : "not an object";
}
const fail = (kind, reason) => ({
    ok: false,
    failure: { kind, reason },
});
/**
 * Checks signed.json's text in the one order every reader keeps: a pinned key's signature, the
 * channel, a generation not below `highestGeneration`, a time before the expiry.
 */
export async function verifyStatement(text, pinned, highestGeneration, now, crypto) {
    const envelope = parseStrict(text);
    if (typeof envelope === "string")
        return fail("signature", `signed.json is not a document: ${envelope}`);
    const payload = typeof envelope.payload === "string" ? base64Bytes(envelope.payload) : null;
    if (typeof envelope.payloadType !== "string" || payload === null || !Array.isArray(envelope.signatures)) {
        return fail("signature", "signed.json is not a DSSE envelope");
    }
    if (envelope.payloadType !== statementType)
        return fail("signature", `the payload type is ${envelope.payloadType}`);
    const message = pae(envelope.payloadType, payload);
    const keys = pinned.keys.map(rawKey).filter((key) => key !== null);
    const wallKeys = (pinned.wallKeys ?? []).map(rawKey).filter((key) => key !== null);
    const candidates = [...keys, ...wallKeys.filter((wall) => !keys.some((key) => hex(key) === hex(wall)))];
    let byPinnedKey = false;
    const verified = [];
    for (const key of candidates) {
        const id = hex(await crypto.sha256(key)).slice(0, 16);
        for (const entry of envelope.signatures) {
            const signature = entry;
            if ((signature.keyid ?? "") !== id || typeof signature.sig !== "string")
                continue;
            const bytes = base64Bytes(signature.sig);
            if (bytes === null || bytes.length !== 64)
                continue;
            byPinnedKey = true;
            if (await crypto.verify(key, message, bytes)) {
                verified.push(hex(key));
                break;
            }
        }
    }
    if (!byPinnedKey)
        return fail("key", "no pinned key signed the statement");
    if (verified.length === 0)
        return fail("signature", "a pinned key's signature does not verify");
    const decoded = bodyText(payload);
    if ("problem" in decoded)
        return fail("signature", `the statement is not UTF-8: ${decoded.problem}`);
    const statement = parseStrict(decoded.text);
    if (typeof statement === "string")
        return fail("signature", `the statement is not a document: ${statement}`);
    const expiresAt = typeof statement.expiresAt === "string" ? parseTimestamp(statement.expiresAt) : undefined;
    const documents = new Map();
    const listed = statement.documents;
    if (typeof listed === "object" && listed !== null && !Array.isArray(listed)) {
        for (const [path, value] of Object.entries(listed)) {
            const entry = value;
            if (typeof entry.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(entry.sha256))
                continue;
            if (typeof entry.bytes !== "number" || !Number.isInteger(entry.bytes) || entry.bytes < 0)
                continue;
            documents.set(path, { sha256: entry.sha256, bytes: entry.bytes });
        }
    }
    if (typeof statement.channel !== "string" ||
        typeof statement.generation !== "number" ||
        !Number.isInteger(statement.generation) ||
        expiresAt === undefined ||
        documents.size !== Object.keys(listed ?? {}).length) {
        return fail("signature", "the statement lacks a field or has one of the wrong type");
    }
    if (statement.channel !== pinned.channel) {
        return fail("channel", `the statement is for channel ${statement.channel}, not ${pinned.channel}`);
    }
    if (highestGeneration !== null && statement.generation < highestGeneration) {
        return fail("rollback", `generation ${statement.generation} is below ${highestGeneration}, already accepted`);
    }
    if (!(compareTimes(now, expiresAt) < 0))
        return fail("expired", "the statement expired");
    const wallSigned = wallKeys.length === 0 || wallKeys.some((wall) => verified.includes(hex(wall)));
    return {
        ok: true,
        value: { channel: statement.channel, generation: statement.generation, expiresAt, documents, wallSigned },
    };
}
/** Why a document's text is not the one a verified statement lists at its path, or null. */
export async function documentFailure(text, path, statement, crypto) {
    const listed = statement.documents.get(path);
    const bytes = new TextEncoder().encode(text);
    if (listed === undefined || listed.bytes !== bytes.length || hex(await crypto.sha256(bytes)) !== listed.sha256) {
        return { kind: "hash", reason: `${path} is not the document the statement lists` };
    }
    return null;
}
function compareTimes(a, b) {
    return a.seconds !== b.seconds ? (a.seconds < b.seconds ? -1 : 1) : a.nanoseconds - b.nanoseconds;
}
