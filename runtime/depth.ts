// Every event carries the upstream message (raw) and parts of it (data, detail, args...); one that
// nests deeper than JSON.stringify can follow (about 4,500 levels in V8) would make every consumer
// that serialises it abort. A message nested deeper than MAX_DEPTH is replaced by a copy cut at
// that depth, a marker string in place of what was cut; the normalizer warns that it did.
// A message an app passes as an object may hold what JSON cannot (undefined, a function, a
// BigInt, a getter that throws): it is copied as JSON would write it, so events still serialise.

/** Levels of nesting kept; far beyond any real message, far below what JSON.stringify can follow. */
export const MAX_DEPTH = 256;

export const CUT_MARKER = `[eventmap: cut here, the message nests deeper than ${MAX_DEPTH} levels]`;

/**
 * Whether a JSON line can nest deeper than MAX_DEPTH, cheaply: a line with at most MAX_DEPTH
 * opening brackets cannot (counted with indexOf, which is fast; brackets inside strings only
 * make the count larger, never smaller).
 */
export function lineMayNestTooDeep(line: string): boolean {
  if (line.length <= 2 * MAX_DEPTH) return false;
  let n = 0;
  for (const bracket of ['[', '{']) {
    for (let i = line.indexOf(bracket); i !== -1; i = line.indexOf(bracket, i + 1)) if (++n > MAX_DEPTH) return true;
  }
  return false;
}

/**
 * Parsed `value`, or its cut copy when it nests too deep (`line`: the JSON it was parsed from, for
 * the cheap test). What JSON.parse made is plain JSON but for its depth.
 */
export function limitDepth(value: unknown, line?: string): unknown {
  if (line !== undefined && !lineMayNestTooDeep(line)) return value;
  return isPlainJson(value, 1) ? value : jsonCopy(value, 1);
}

/** What stands in for an input that is no JSON value at all (undefined, a function, a symbol), or cannot be read. */
export const NOT_JSON = '[eventmap: the input is not a JSON value]';

/**
 * A value an app passed (not parsed from a line): itself when it is JSON and not too deep, else a
 * copy that is (as JSON.stringify would write it; a BigInt as its decimal text; what throws when
 * read, as NOT_JSON). Never throws.
 */
export function asJsonValue(value: unknown): unknown {
  copyCut = false;
  try {
    if (isPlainJson(value, 1)) return value;
    const copy = jsonCopy(value, 1);
    return copy === undefined ? NOT_JSON : copy;
  } catch {
    return NOT_JSON;
  }
}

function isPlainJson(v: unknown, depth: number): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object':
      break;
    default:
      return false;
  }
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!isPlainJson(v[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false; // a Date, a Map, a class: JSON reads it its own way
  for (const k in v as Record<string, unknown>)
    if (!isPlainJson((v as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

/** Whether the last asJsonValue copy was cut at MAX_DEPTH (not only made JSON). */
let copyCut = false;
export const lastCopyWasCut = (): boolean => copyCut;

/** The JSON view of a value (undefined where JSON writes nothing), cut at MAX_DEPTH. */
function jsonCopy(v: unknown, depth: number): unknown {
  if (v === null) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v : null;
    case 'bigint':
      return v.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (depth > MAX_DEPTH) {
    copyCut = true;
    return CUT_MARKER;
  }
  const toJSON = (v as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function')
    return jsonCopy(
      read(() => toJSON.call(v)),
      depth,
    );
  if (Array.isArray(v)) return arrayCopy(v, depth);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const x = jsonCopy(
      read(() => (v as Record<string, unknown>)[k]),
      depth + 1,
    );
    if (x === undefined) continue;
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
    else out[k] = x;
  }
  return out;
}

/** Holes an array copy passes beyond its elements before it copies the array's own properties instead. */
export const SPARSE_SLACK = 1024;

/**
 * An array as JSON writes it (a hole as null), element by element, while its holes are not many
 * more than its elements. A sparse one (`Object.assign([], {length: 2e8})`, which postMessage can
 * deliver) would be written as `null` hundreds of millions of times, which no event may hold: it
 * is copied as the object of its own properties, its indexes and `length`, read in the order
 * Object.keys gives them (work in proportion to what it holds, not to its length).
 */
function arrayCopy(v: unknown[], depth: number): unknown {
  const length = read(() => v.length);
  const n = typeof length === 'number' ? length : 0;
  const out: unknown[] = [];
  let holes = 0;
  for (let i = 0; i < n; i++) {
    if (i in v)
      out.push(
        jsonCopy(
          read(() => v[i]),
          depth + 1,
        ) ?? null,
      );
    else if (++holes > i - holes + SPARSE_SLACK) return ownCopy(v, depth, { length: n });
    else out.push(null);
  }
  return out;
}

/** An array's own indexes (as Object.keys lists them: in order) and `length`, copied. */
function ownCopy(v: unknown[], depth: number, out: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(v)) {
    if (!isIndex(k)) continue; // JSON writes only an array's elements
    const x = jsonCopy(
      read(() => (v as unknown as Record<string, unknown>)[k]),
      depth + 1,
    );
    out[k] = x === undefined ? null : x;
  }
  return out;
}

/** An array index as a property key: the canonical decimal of 0 … 2³² − 2. */
const isIndex = (k: string) => /^(?:0|[1-9]\d{0,9})$/.test(k) && Number(k) < 2 ** 32 - 1;

function read(get: () => unknown): unknown {
  try {
    return get();
  } catch {
    return NOT_JSON;
  }
}
