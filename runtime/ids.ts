// Canonical ids: deterministic UUID v5s of the provider ids (EVENTS.md §1.6), so the same input
// always gives the same output. What each id is derived from (its scope: session, thread) is
// runtime/canonical-ids.ts; this file is the UUID arithmetic.
//
// This runs once or more per event, so it is hand-written (RFC 4122 §4.3, SHA-1 of namespace +
// UTF-8 name) instead of `uuid`'s v5, which re-parses the namespace and goes through
// encodeURIComponent on every call — that is 3-4× slower, and throws on a lone surrogate. Here a
// lone surrogate is encoded as U+FFFD (what TextEncoder and Buffer do), so an odd provider id
// still gets an id instead of taking the normalizer down. For well-formed strings the ids are
// exactly uuid's v5 (test/runtime/ids.test.ts compares them).

/** eventmap's UUID namespace (itself a v5 of the URL namespace and "eventmap"). */
export const EVENTMAP_NAMESPACE = '5b6664f5-f718-524a-9b3c-9d1bdf94e168';

/** The UUID v5 of `${kind}:${name}` (unmemoised: callers keep their own bounded cache). */
export function canonicalId(kind: string, name: string): string {
  return uuidV5(`${kind}:${name}`);
}

/**
 * Event ids of one session: the UUID v5 of `event:<session>`, derived once, with its last 48 bits
 * (the node field) replaced by `seq` in hex. Unique within the session (one seq each), across
 * sessions as unlikely to collide as any two v5s (74 hashed bits differ), and the same for the same
 * input; a SHA-1 per event cost more than the rest of the envelope. A seq outside 0..2^48-1
 * (never, in practice) is hashed whole instead.
 */
export function eventIds(sessionId: string): (seq: number) => string {
  const base = uuidV5(`event:${sessionId}`).slice(0, 24); // "xxxxxxxx-xxxx-5xxx-yxxx-"
  // The id without its last two hex digits, for the current run of 256 seqs (toString(16) per event cost more).
  let high = -1;
  let prefix = '';
  return (seq) => {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > MAX_NODE) return uuidV5(`event:${sessionId}:${seq}`);
    const h = Math.floor(seq / 256);
    if (h !== high) {
      const hex = h.toString(16);
      high = h;
      prefix = `${base}${NODE_ZEROS.slice(hex.length + 2)}${hex}`;
    }
    return prefix + HEX[seq & 255]!;
  };
}

const MAX_NODE = 2 ** 48 - 1;
const NODE_ZEROS = '000000000000';

// ---- UUID v5 in eventmap's namespace ----

const NAMESPACE_BYTES = Uint8Array.from(EVENTMAP_NAMESPACE.replace(/-/g, '').match(/../g)!, (h) => parseInt(h, 16));
const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i + 0x100).toString(16).slice(1));

/** Message buffer (namespace + name + padding), grown when a name needs more. */
let block = new Uint8Array(256);
const W = new Int32Array(80);
/** The message as words, for uuidV5 (grown with block). */
let words: Int32Array = new Int32Array(64);

/** UUID v5 of `name` in EVENTMAP_NAMESPACE. */
export function uuidV5(name: string): string {
  return asciiDigest(name) ?? digest(encode(name));
}

const NAMESPACE_WORDS = [0, 4, 8, 12].map(
  (i) =>
    (NAMESPACE_BYTES[i]! << 24) |
    (NAMESPACE_BYTES[i + 1]! << 16) |
    (NAMESPACE_BYTES[i + 2]! << 8) |
    NAMESPACE_BYTES[i + 3]!,
);

/** The digest of an ASCII name (nearly every id), written straight into padded words; undefined for any other name. */
function asciiDigest(name: string): string | undefined {
  const length = 16 + name.length;
  const blocks = (length + 72) >> 6; // room for 0x80 and the 8-byte bit length
  const n = blocks * 16;
  if (words.length < n) words = new Int32Array(n);
  const m = words;
  for (let i = 0; i < 4; i++) m[i] = NAMESPACE_WORDS[i]!;
  for (let i = 4; i < n; i++) m[i] = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 0x80) return undefined;
    const p = 16 + i;
    m[p >> 2] = m[p >> 2]! | (c << (24 - ((p & 3) << 3)));
  }
  m[length >> 2] = m[length >> 2]! | (0x80 << (24 - ((length & 3) << 3)));
  const bits = length * 8;
  m[n - 2] = Math.floor(bits / 0x100000000);
  m[n - 1] = bits >>> 0;
  return sha1(m, blocks);
}

/** Make room for `bytes` of message, + padding and length (≤ 72). */
function grow(bytes: number): void {
  const next = new Uint8Array(2 * (bytes + 72));
  next.set(block);
  block = next;
}

/** Write the namespace and UTF-8 `name` into block; returns the message length. */
function encode(name: string): number {
  // Worst case 3 bytes per UTF-16 unit.
  if (block.length < 16 + name.length * 3 + 72) grow(16 + name.length * 3);
  const b = block;
  b.set(NAMESPACE_BYTES);
  let n = 16;
  for (let i = 0; i < name.length; i++) {
    let c = name.charCodeAt(i);
    if (c < 0x80) {
      b[n++] = c;
      continue;
    }
    if (c < 0x800) {
      b[n++] = 0xc0 | (c >> 6);
      b[n++] = 0x80 | (c & 63);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < name.length ? name.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        b[n++] = 0xf0 | (cp >> 18);
        b[n++] = 0x80 | ((cp >> 12) & 63);
        b[n++] = 0x80 | ((cp >> 6) & 63);
        b[n++] = 0x80 | (cp & 63);
        i++;
        continue;
      }
      c = 0xfffd; // a lone surrogate
    }
    b[n++] = 0xe0 | (c >> 12);
    b[n++] = 0x80 | ((c >> 6) & 63);
    b[n++] = 0x80 | (c & 63);
  }
  return n;
}

/** SHA-1 of the first `length` bytes of block, as a v5 UUID. */
function digest(length: number): string {
  const blocks = pad(length);
  return sha1(toWords(blocks, words), blocks);
}

/** Append SHA-1 padding and the bit length after `length` bytes of block; returns the 64-byte block count. */
function pad(length: number): number {
  const b = block;
  let n = length;
  const bits = n * 8;
  b[n++] = 0x80;
  while ((n & 63) !== 56) b[n++] = 0;
  const high = Math.floor(bits / 0x100000000);
  b[n++] = high >>> 24;
  b[n++] = (high >>> 16) & 255;
  b[n++] = (high >>> 8) & 255;
  b[n++] = high & 255;
  b[n++] = bits >>> 24;
  b[n++] = (bits >>> 16) & 255;
  b[n++] = (bits >>> 8) & 255;
  b[n++] = bits & 255;
  return n >> 6;
}

/** The first `blocks` 64-byte blocks of block as big-endian 32-bit words (into `into` when it is big enough). */
function toWords(blocks: number, into?: Int32Array): Int32Array {
  const n = blocks * 16;
  let out = into;
  if (out === undefined || out.length < n) {
    out = new Int32Array(n);
    if (into !== undefined) words = out;
  }
  const b = block;
  for (let i = 0, p = 0; i < n; i++, p += 4) out[i] = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
  return out;
}

/** SHA-1 over `blocks` blocks of 16 words, as a v5 UUID (first 16 bytes, version and variant set). */
function sha1(m: Int32Array, blocks: number): string {
  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  for (let off = 0; off < blocks * 16; off += 16) {
    for (let i = 0; i < 16; i++) W[i] = m[off + i]!;
    for (let i = 16; i < 80; i++) {
      const x = W[i - 3]! ^ W[i - 8]! ^ W[i - 14]! ^ W[i - 16]!;
      W[i] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let bb = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let t: number;
    for (let i = 0; i < 20; i++) {
      t = (((a << 5) | (a >>> 27)) + ((bb & c) | (~bb & d)) + e + 0x5a827999 + W[i]!) | 0;
      e = d;
      d = c;
      c = (bb << 30) | (bb >>> 2);
      bb = a;
      a = t;
    }
    for (let i = 20; i < 40; i++) {
      t = (((a << 5) | (a >>> 27)) + (bb ^ c ^ d) + e + 0x6ed9eba1 + W[i]!) | 0;
      e = d;
      d = c;
      c = (bb << 30) | (bb >>> 2);
      bb = a;
      a = t;
    }
    for (let i = 40; i < 60; i++) {
      t = (((a << 5) | (a >>> 27)) + ((bb & c) | (bb & d) | (c & d)) + e - 0x70e44324 + W[i]!) | 0;
      e = d;
      d = c;
      c = (bb << 30) | (bb >>> 2);
      bb = a;
      a = t;
    }
    for (let i = 60; i < 80; i++) {
      t = (((a << 5) | (a >>> 27)) + (bb ^ c ^ d) + e - 0x359d3e2a + W[i]!) | 0;
      e = d;
      d = c;
      c = (bb << 30) | (bb >>> 2);
      bb = a;
      a = t;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + bb) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  // The first 16 bytes of the digest, with the version (5) and variant (RFC 4122) bits set.
  return (
    HEX[h0 >>> 24]! +
    HEX[(h0 >>> 16) & 255]! +
    HEX[(h0 >>> 8) & 255]! +
    HEX[h0 & 255]! +
    '-' +
    HEX[h1 >>> 24]! +
    HEX[(h1 >>> 16) & 255]! +
    '-' +
    HEX[((h1 >>> 8) & 0x0f) | 0x50]! +
    HEX[h1 & 255]! +
    '-' +
    HEX[((h2 >>> 24) & 0x3f) | 0x80]! +
    HEX[(h2 >>> 16) & 255]! +
    '-' +
    HEX[(h2 >>> 8) & 255]! +
    HEX[h2 & 255]! +
    HEX[h3 >>> 24]! +
    HEX[(h3 >>> 16) & 255]! +
    HEX[(h3 >>> 8) & 255]! +
    HEX[h3 & 255]!
  );
}
