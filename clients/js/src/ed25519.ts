import { sha512 } from "./sha2.js";

/**
 * Ed25519 verification (RFC 8032, §5.1.7) in plain TypeScript, for a platform without WebCrypto's
 * Ed25519 (React Native's Hermes): the cofactorless check OpenSSL, CryptoKit and the JCA make,
 * R compared by its encoding, S below the group order, the public key a point of the curve.
 */

const p = (1n << 255n) - 19n;
const order = (1n << 252n) + 27742317777372353535851937790883648493n;
const d = mod(-121665n * inverse(121666n));
const sqrtMinusOne = power(2n, (p - 1n) / 4n);
const base: Point = {
  x: 15112221349535400772501151409588531511454012693041857206046113283949847762202n,
  y: 46316835694926478169428394003475163141307993866256225615783033603165251855960n,
  z: 1n,
  t: 0n,
};
base.t = mod(base.x * base.y);

/** A point in extended coordinates (x = X/Z, y = Y/Z, xy = T/Z). */
interface Point {
  x: bigint;
  y: bigint;
  z: bigint;
  t: bigint;
}

function mod(value: bigint): bigint {
  const rest = value % p;
  return rest >= 0n ? rest : rest + p;
}

function power(value: bigint, exponent: bigint): bigint {
  let result = 1n;
  let square = mod(value);
  for (let bits = exponent; bits > 0n; bits >>= 1n) {
    if (bits & 1n) result = (result * square) % p;
    square = (square * square) % p;
  }
  return result;
}

function inverse(value: bigint): bigint {
  return power(value, p - 2n);
}

function add(a: Point, b: Point): Point {
  const aa = mod((a.y - a.x) * (b.y - b.x));
  const bb = mod((a.y + a.x) * (b.y + b.x));
  const cc = mod(2n * d * a.t * b.t);
  const dd = mod(2n * a.z * b.z);
  const e = bb - aa;
  const f = dd - cc;
  const g = dd + cc;
  const h = bb + aa;
  return { x: mod(e * f), y: mod(g * h), z: mod(f * g), t: mod(e * h) };
}

function multiply(point: Point, scalar: bigint): Point {
  let result: Point = { x: 0n, y: 1n, z: 1n, t: 0n };
  let addend = point;
  for (let bits = scalar; bits > 0n; bits >>= 1n) {
    if (bits & 1n) result = add(result, addend);
    addend = add(addend, addend);
  }
  return result;
}

function littleEndian(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]);
  return value;
}

function encode(point: Point): Uint8Array {
  const zInverse = inverse(point.z);
  const x = mod(point.x * zInverse);
  let y = mod(point.y * zInverse);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    out[i] = Number(y & 0xffn);
    y >>= 8n;
  }
  out[31] |= Number(x & 1n) << 7;
  return out;
}

/** The point a 32-byte encoding names (RFC 8032, §5.1.3), or null. */
function decode(bytes: Uint8Array): Point | null {
  const sign = bytes[31] >> 7;
  const copy = bytes.slice();
  copy[31] &= 0x7f;
  const y = littleEndian(copy);
  if (y >= p) return null;
  const u = mod(y * y - 1n);
  const v = mod(d * y * y + 1n);
  let x = mod(u * power(v, 3n) * power(u * power(v, 7n), (p - 5n) / 8n));
  const check = mod(v * x * x);
  if (check !== u) {
    if (check !== mod(-u)) return null;
    x = mod(x * sqrtMinusOne);
  }
  if (x === 0n && sign === 1) return null;
  if (Number(x & 1n) !== sign) x = p - x;
  return { x, y, z: 1n, t: mod(x * y) };
}

/** Whether a 64-byte signature of a message verifies under a raw 32-byte public key. */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const key = decode(publicKey);
  if (key === null) return false;
  const s = littleEndian(signature.subarray(32));
  if (s >= order) return false;
  const input = new Uint8Array(64 + message.length);
  input.set(signature.subarray(0, 32));
  input.set(publicKey, 32);
  input.set(message, 64);
  const k = littleEndian(sha512(input)) % order;
  // R' = [S]B - [k]A, compared with R by encoding.
  const negated: Point = { x: mod(-key.x), y: key.y, z: key.z, t: mod(-key.t) };
  const expected = encode(add(multiply(base, s), multiply(negated, k)));
  const r = signature.subarray(0, 32);
  let difference = 0;
  for (let i = 0; i < 32; i++) difference |= expected[i] ^ r[i];
  return difference === 0;
}
