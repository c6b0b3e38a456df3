/**
 * SHA-256 and SHA-512 (FIPS 180-4) in plain TypeScript, for a platform without WebCrypto (React
 * Native's Hermes): a signed channel's hashes and Ed25519's. 64-bit words are pairs of 32-bit ones.
 */
/** Bytes as lowercase hexadecimal text. */
export function hex(bytes) {
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
const k256 = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
/** The message padded to whole blocks, its bit length in the last `lengthBytes` bytes. */
function padded(message, block, lengthBytes) {
    const total = Math.ceil((message.length + 1 + lengthBytes) / block) * block;
    const bytes = new Uint8Array(total);
    bytes.set(message);
    bytes[message.length] = 0x80;
    const bits = message.length * 8;
    const view = new DataView(bytes.buffer);
    view.setUint32(total - 8, Math.floor(bits / 0x100000000));
    view.setUint32(total - 4, bits >>> 0);
    return bytes;
}
/** The SHA-256 of some bytes. */
export function sha256(message) {
    const h = new Uint32Array([
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);
    const bytes = padded(message, 64, 8);
    const view = new DataView(bytes.buffer);
    const w = new Uint32Array(64);
    const rotr = (x, n) => (x >>> n) | (x << (32 - n));
    for (let offset = 0; offset < bytes.length; offset += 64) {
        for (let i = 0; i < 16; i++)
            w[i] = view.getUint32(offset + i * 4);
        for (let i = 16; i < 64; i++) {
            const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
            const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
            w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
        }
        let [a, b, c, d, e, f, g, hh] = h;
        for (let i = 0; i < 64; i++) {
            const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k256[i] + w[i]) >>> 0;
            const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
            hh = g;
            g = f;
            f = e;
            e = (d + t1) >>> 0;
            d = c;
            c = b;
            b = a;
            a = (t1 + t2) >>> 0;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
        h[5] += f;
        h[6] += g;
        h[7] += hh;
    }
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++)
        outView.setUint32(i * 4, h[i]);
    return out;
}
// SHA-512's constants, high and low 32 bits of each.
const k512 = new Uint32Array([
    0x428a2f98, 0xd728ae22, 0x71374491, 0x23ef65cd, 0xb5c0fbcf, 0xec4d3b2f, 0xe9b5dba5, 0x8189dbbc,
    0x3956c25b, 0xf348b538, 0x59f111f1, 0xb605d019, 0x923f82a4, 0xaf194f9b, 0xab1c5ed5, 0xda6d8118,
    0xd807aa98, 0xa3030242, 0x12835b01, 0x45706fbe, 0x243185be, 0x4ee4b28c, 0x550c7dc3, 0xd5ffb4e2,
    0x72be5d74, 0xf27b896f, 0x80deb1fe, 0x3b1696b1, 0x9bdc06a7, 0x25c71235, 0xc19bf174, 0xcf692694,
    0xe49b69c1, 0x9ef14ad2, 0xefbe4786, 0x384f25e3, 0x0fc19dc6, 0x8b8cd5b5, 0x240ca1cc, 0x77ac9c65,
    0x2de92c6f, 0x592b0275, 0x4a7484aa, 0x6ea6e483, 0x5cb0a9dc, 0xbd41fbd4, 0x76f988da, 0x831153b5,
    0x983e5152, 0xee66dfab, 0xa831c66d, 0x2db43210, 0xb00327c8, 0x98fb213f, 0xbf597fc7, 0xbeef0ee4,
    0xc6e00bf3, 0x3da88fc2, 0xd5a79147, 0x930aa725, 0x06ca6351, 0xe003826f, 0x14292967, 0x0a0e6e70,
    0x27b70a85, 0x46d22ffc, 0x2e1b2138, 0x5c26c926, 0x4d2c6dfc, 0x5ac42aed, 0x53380d13, 0x9d95b3df,
    0x650a7354, 0x8baf63de, 0x766a0abb, 0x3c77b2a8, 0x81c2c92e, 0x47edaee6, 0x92722c85, 0x1482353b,
    0xa2bfe8a1, 0x4cf10364, 0xa81a664b, 0xbc423001, 0xc24b8b70, 0xd0f89791, 0xc76c51a3, 0x0654be30,
    0xd192e819, 0xd6ef5218, 0xd6990624, 0x5565a910, 0xf40e3585, 0x5771202a, 0x106aa070, 0x32bbd1b8,
    0x19a4c116, 0xb8d2d0c8, 0x1e376c08, 0x5141ab53, 0x2748774c, 0xdf8eeb99, 0x34b0bcb5, 0xe19b48a8,
    0x391c0cb3, 0xc5c95a63, 0x4ed8aa4a, 0xe3418acb, 0x5b9cca4f, 0x7763e373, 0x682e6ff3, 0xd6b2b8a3,
    0x748f82ee, 0x5defb2fc, 0x78a5636f, 0x43172f60, 0x84c87814, 0xa1f0ab72, 0x8cc70208, 0x1a6439ec,
    0x90befffa, 0x23631e28, 0xa4506ceb, 0xde82bde9, 0xbef9a3f7, 0xb2c67915, 0xc67178f2, 0xe372532b,
    0xca273ece, 0xea26619c, 0xd186b8c7, 0x21c0c207, 0xeada7dd6, 0xcde0eb1e, 0xf57d4f7f, 0xee6ed178,
    0x06f067aa, 0x72176fba, 0x0a637dc5, 0xa2c898a6, 0x113f9804, 0xbef90dae, 0x1b710b35, 0x131c471b,
    0x28db77f5, 0x23047d84, 0x32caab7b, 0x40c72493, 0x3c9ebe0a, 0x15c9bebc, 0x431d67c4, 0x9c100d4c,
    0x4cc5d4be, 0xcb3e42b6, 0x597f299c, 0xfc657e2a, 0x5fcb6fab, 0x3ad6faec, 0x6c44198c, 0x4a475817,
]);
/** The SHA-512 of some bytes. */
export function sha512(message) {
    const h = new Uint32Array([
        0x6a09e667, 0xf3bcc908, 0xbb67ae85, 0x84caa73b, 0x3c6ef372, 0xfe94f82b, 0xa54ff53a, 0x5f1d36f1,
        0x510e527f, 0xade682d1, 0x9b05688c, 0x2b3e6c1f, 0x1f83d9ab, 0xfb41bd6b, 0x5be0cd19, 0x137e2179,
    ]);
    const bytes = padded(message, 128, 16);
    const view = new DataView(bytes.buffer);
    const w = new Uint32Array(160);
    // A 64-bit rotation right by n of (high, low), as [high, low].
    const rotr = (hi, lo, n) => n < 32
        ? [((hi >>> n) | (lo << (32 - n))) >>> 0, ((lo >>> n) | (hi << (32 - n))) >>> 0]
        : [((lo >>> (n - 32)) | (hi << (64 - n))) >>> 0, ((hi >>> (n - 32)) | (lo << (64 - n))) >>> 0];
    const shr = (hi, lo, n) => [
        hi >>> n,
        ((lo >>> n) | (hi << (32 - n))) >>> 0,
    ];
    const v = new Uint32Array(16);
    for (let offset = 0; offset < bytes.length; offset += 128) {
        for (let i = 0; i < 32; i++)
            w[i] = view.getUint32(offset + i * 4);
        for (let i = 16; i < 80; i++) {
            const [ah, al] = [w[(i - 15) * 2], w[(i - 15) * 2 + 1]];
            const r1 = rotr(ah, al, 1);
            const r8 = rotr(ah, al, 8);
            const s7 = shr(ah, al, 7);
            const s0h = r1[0] ^ r8[0] ^ s7[0];
            const s0l = r1[1] ^ r8[1] ^ s7[1];
            const [bh, bl] = [w[(i - 2) * 2], w[(i - 2) * 2 + 1]];
            const r19 = rotr(bh, bl, 19);
            const r61 = rotr(bh, bl, 61);
            const s6 = shr(bh, bl, 6);
            const s1h = r19[0] ^ r61[0] ^ s6[0];
            const s1l = r19[1] ^ r61[1] ^ s6[1];
            let lo = (w[(i - 16) * 2 + 1] >>> 0) + (s0l >>> 0) + (w[(i - 7) * 2 + 1] >>> 0) + (s1l >>> 0);
            const hi = w[(i - 16) * 2] + s0h + w[(i - 7) * 2] + s1h + Math.floor(lo / 0x100000000);
            lo >>>= 0;
            w[i * 2] = hi >>> 0;
            w[i * 2 + 1] = lo;
        }
        v.set(h);
        for (let i = 0; i < 80; i++) {
            const [eh, el, fh, fl, gh, gl] = [v[8], v[9], v[10], v[11], v[12], v[13]];
            const [ah, al, bh, bl, ch, cl] = [v[0], v[1], v[2], v[3], v[4], v[5]];
            const e14 = rotr(eh, el, 14);
            const e18 = rotr(eh, el, 18);
            const e41 = rotr(eh, el, 41);
            const sigma1h = e14[0] ^ e18[0] ^ e41[0];
            const sigma1l = e14[1] ^ e18[1] ^ e41[1];
            const chh = (eh & fh) ^ (~eh & gh);
            const chl = (el & fl) ^ (~el & gl);
            let t1l = (v[15] >>> 0) + (sigma1l >>> 0) + (chl >>> 0) + k512[i * 2 + 1] + w[i * 2 + 1];
            const t1h = v[14] + sigma1h + chh + k512[i * 2] + w[i * 2] + Math.floor(t1l / 0x100000000);
            t1l >>>= 0;
            const a28 = rotr(ah, al, 28);
            const a34 = rotr(ah, al, 34);
            const a39 = rotr(ah, al, 39);
            const sigma0h = a28[0] ^ a34[0] ^ a39[0];
            const sigma0l = a28[1] ^ a34[1] ^ a39[1];
            const majh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
            const majl = (al & bl) ^ (al & cl) ^ (bl & cl);
            let t2l = (sigma0l >>> 0) + (majl >>> 0);
            const t2h = sigma0h + majh + Math.floor(t2l / 0x100000000);
            t2l >>>= 0;
            // h = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2.
            v[14] = v[12];
            v[15] = v[13];
            v[12] = v[10];
            v[13] = v[11];
            v[10] = v[8];
            v[11] = v[9];
            let el2 = (v[7] >>> 0) + t1l;
            v[8] = (v[6] + t1h + Math.floor(el2 / 0x100000000)) >>> 0;
            v[9] = el2 >>> 0;
            v[6] = v[4];
            v[7] = v[5];
            v[4] = v[2];
            v[5] = v[3];
            v[2] = v[0];
            v[3] = v[1];
            el2 = t1l + t2l;
            v[0] = (t1h + t2h + Math.floor(el2 / 0x100000000)) >>> 0;
            v[1] = el2 >>> 0;
        }
        for (let i = 0; i < 16; i += 2) {
            const lo = (h[i + 1] >>> 0) + (v[i + 1] >>> 0);
            h[i] = (h[i] + v[i] + Math.floor(lo / 0x100000000)) >>> 0;
            h[i + 1] = lo >>> 0;
        }
    }
    const out = new Uint8Array(64);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 16; i++)
        outView.setUint32(i * 4, h[i]);
    return out;
}
