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

/**
 * Event ids of one session: the UUID v5 of `event:<session>`, derived once, with its last 48 bits
 * (the node field) replaced by `seq` in hex. Unique within the session (one seq each), across
 * sessions as unlikely to collide as any two v5s (74 hashed bits differ), and the same for the same
 * input; a SHA-1 per event cost more than the rest of the envelope. A seq outside 0..2^48-1
 * (never, in practice) is hashed whole instead.
 */
export function eventIds(sessionId: string): (seq: number) => string {
  const base = uuidV5(`event:${sessionId}`).slice(0, 24); // "xxxxxxxx-xxxx-5xxx-yxxx-"
  return (seq) =>
    Number.isSafeInteger(seq) && seq >= 0 && seq < 2 ** 48
      ? base + seq.toString(16).padStart(12, '0')
      : uuidV5(`event:${sessionId}:${seq}`);
}

// ---- UUID v5 in eventmap's namespace ----

const NAMESPACE_BYTES = Uint8Array.from(EVENTMAP_NAMESPACE.replace(/-/g, '').match(/../g)!, (h) => parseInt(h, 16));
const SHA1_INIT: readonly number[] = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0];

/** Message buffer (namespace + name + padding), grown when a name needs more. */
let block = new Uint8Array(256);
/** The SHA-1 state being computed. */
const H = new Int32Array(5);
/** The message as words, grown as needed. */
let words: Int32Array = new Int32Array(64);

/**
 * One SHA-1 block (16 words of m from `off`) into the state h. Its schedule W is a constant of this
 * closure, not of the module: bundlers such as esbuild turn module constants into `var`s, which V8
 * reads ~1.4× slower in these loops (docs/performance.md).
 */
const compress = ((W: Int32Array) =>
  function compress(m: Int32Array, off: number, h: Int32Array): void {
    for (let i = 0; i < 16; i++) W[i] = m[off + i]!;
    for (let i = 16; i < 80; i++) {
      const x = W[i - 3]! ^ W[i - 8]! ^ W[i - 14]! ^ W[i - 16]!;
      W[i] = (x << 1) | (x >>> 31);
    }
    let a = h[0]!;
    let bb = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
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
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + bb) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  })(new Int32Array(80));

/** UUID v5 of `name` in EVENTMAP_NAMESPACE. */
export function uuidV5(name: string): string {
  const id = digest(encode(name));
  // A long name's buffers are let go: kept, they would pin, for every session of the process, six
  // times the longest name ever hashed (a 16 MB id: 112 MB).
  if (block.length > KEPT_BUFFER_BYTES) {
    block = new Uint8Array(256);
    words = new Int32Array(64);
  }
  return id;
}

/** The most buffer the hash keeps between calls (names of up to ~10,000 characters reuse it). */
const KEPT_BUFFER_BYTES = 64 << 10;

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

/** SHA-1 of the first `length` bytes of block (padded here: encode left room), as a v5 UUID. */
function digest(length: number): string {
  const b = block;
  const n = ((length + 72) >> 6) * 16; // words in whole blocks, with room for 0x80 and the 8-byte bit length
  b.fill(0, length, n * 4);
  b[length] = 0x80;
  const bits = length * 8;
  const high = Math.floor(bits / 0x100000000);
  for (let i = 0; i < 4; i++) {
    b[n * 4 - 8 + i] = (high >>> (24 - 8 * i)) & 255;
    b[n * 4 - 4 + i] = (bits >>> (24 - 8 * i)) & 255;
  }
  if (words.length < n) words = new Int32Array(n);
  const m = words;
  for (let i = 0, p = 0; i < n; i++, p += 4) m[i] = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
  const h = H;
  for (let i = 0; i < 5; i++) h[i] = SHA1_INIT[i]!;
  for (let off = 0; off < n; off += 16) compress(m, off, h);
  return uuidText(h[0]!, (h[1]! & ~0xf000) | 0x5000, (h[2]! & 0x3fffffff) | 0x80000000, h[3]!);
}

/**
 * The UUID text of 128 bits (the first 16 bytes of a digest, version and variant already set), as
 * one flat string: 36 character codes in one call cost about a third of joining 20 pieces and
 * flattening the rope that makes, which every reader of the id (a Map, a RegExp) has to do.
 */
function uuidText(a: number, b: number, c: number, d: number): string {
  const x = hexCode;
  // prettier-ignore
  return String.fromCharCode(
    x(a >>> 28), x((a >>> 24) & 15), x((a >>> 20) & 15), x((a >>> 16) & 15),
    x((a >>> 12) & 15), x((a >>> 8) & 15), x((a >>> 4) & 15), x(a & 15), 45,
    x(b >>> 28), x((b >>> 24) & 15), x((b >>> 20) & 15), x((b >>> 16) & 15), 45,
    x((b >>> 12) & 15), x((b >>> 8) & 15), x((b >>> 4) & 15), x(b & 15), 45,
    x(c >>> 28), x((c >>> 24) & 15), x((c >>> 20) & 15), x((c >>> 16) & 15), 45,
    x((c >>> 12) & 15), x((c >>> 8) & 15), x((c >>> 4) & 15), x(c & 15),
    x(d >>> 28), x((d >>> 24) & 15), x((d >>> 20) & 15), x((d >>> 16) & 15),
    x((d >>> 12) & 15), x((d >>> 8) & 15), x((d >>> 4) & 15), x(d & 15),
  );
}

/** The character code of hex digit `n` (0-15): `0`-`9`, then `a`-`f` (no table to look up). */
function hexCode(n: number): number {
  return 48 + n + (((9 - n) >> 31) & 39);
}
