/**
 * A user's bucket for a rolled-out record (docs/client-protocol.md, Rollout): one number in
 * 0..9999 per (user, record), the same in every Herald client, so a user inside a share stays
 * inside as it grows: `fmix32(FNV-1a-32(UTF-8 of "herald:v1:" + salt + ":" + stableId)) mod 10000`.
 *
 * `salt` is the record's id unless the record names another; `stableId` the signed-in user's id,
 * else the install's own id.
 */
export function rolloutBucket(salt: string, stableId: string): number {
  const bytes = new TextEncoder().encode(`herald:v1:${salt}:${stableId}`);
  let hash = 0x811c9dc5;
  for (const byte of bytes) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return fmix32(hash >>> 0) % 10000;
}

/** MurmurHash3's 32-bit finaliser, which spreads FNV-1a's low bits over the whole word. */
function fmix32(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
