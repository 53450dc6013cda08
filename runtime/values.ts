// Reading upstream values safely: a mapper never throws, whatever JSON it is given.
// These run on every message, so they stay small and allocation-free.
import { defaultIsNews, prefixFor } from './value-lookup.ts';

/** Follow a path of property names / indexes; undefined as soon as anything is missing. */
export function get(value: unknown, path: readonly (string | number)[]): unknown {
  let cur = value;
  for (let i = 0; i < path.length; i++) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[path[i]!];
  }
  return cur;
}

/** What String.prototype.trim removes (and the canonical schema's `\s` patterns match). */
const WHITESPACE = /\s/;

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * Provider ids may be strings or (JSON-RPC) numbers; both become strings. Surrounding whitespace
 * is dropped (canonical ids and providerRefs are TrimmedNonEmptyString); empty means absent.
 */
export function idOf(v: unknown): string | undefined {
  if (typeof v === 'string') {
    if (v.length === 0) return undefined;
    const a = v.charCodeAt(0);
    const z = v.charCodeAt(v.length - 1);
    // Printable ASCII at both ends (nearly always): nothing to trim.
    if (a > 32 && a < 127 && z > 32 && z < 127) return v;
    if (!WHITESPACE.test(v[0]!) && !WHITESPACE.test(v[v.length - 1]!)) return v;
    const trimmed = v.trim();
    return trimmed.length ? trimmed : undefined;
  }
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/**
 * A request id: as idOf, but a string that reads as a number is kept apart from that number (JSON-RPC
 * ids `1` and `"1"` are two requests): it is written with its quotes (`"1"`).
 */
export function requestIdOf(v: unknown): string | undefined {
  const id = idOf(v);
  if (typeof v !== 'string' || id === undefined) return id;
  const c = id.charCodeAt(0);
  // Only a string that starts like a number can be one (cheap test first).
  return (c >= 48 && c <= 57) || c === 45 ? (String(Number(id)) === id ? JSON.stringify(id) : id) : id;
}

/** A string that matches the canonical field's pattern, or undefined. */
export function matching(re: RegExp, v: unknown): string | undefined {
  return typeof v === 'string' && re.test(v) ? v : undefined;
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function int(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

export function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

export function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function strArray(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

/** A value of a closed set, or undefined. */
export function oneOf<T extends string>(set: ReadonlySet<T>, v: unknown): T | undefined {
  return typeof v === 'string' && set.has(v as T) ? (v as T) : undefined;
}

/** An own property of an object (for names every value inherits, such as `constructor`), else undefined. */
export function own<T, K extends keyof Exclude<T, null | undefined>>(
  o: T,
  key: K,
): Exclude<T, null | undefined>[K] | undefined {
  return o !== null && typeof o === 'object' && Object.hasOwn(o, key)
    ? (o as Exclude<T, null | undefined>)[key]
    : undefined;
}

/** A value map of mapping-spec.yaml as the generated mappers declare it, typed by its canonical type. */
export interface ValueMapOf<T extends string> {
  readonly values: Readonly<Record<string, T | null>>;
  readonly fallback: T | undefined;
  readonly prefixes: readonly (readonly [string, T])[];
}

/** `lookup` through a generated value map. */
export function translate<T extends string>(map: ValueMapOf<T>, v: unknown): T | undefined {
  return lookup(map.values, map.fallback, v, map.prefixes);
}

/**
 * Translate through a value map: an exact entry, else the first matching name prefix (open name
 * spaces like `mcp__<server>__<tool>`), else the map's default for values the upstream adds later.
 */
export function lookup<T extends string>(
  map: Readonly<Record<string, T | null>>,
  fallback: T | undefined,
  v: unknown,
  prefixes: readonly (readonly [string, T])[] = [],
): T | undefined {
  if (typeof v !== 'string') return undefined;
  // Own entries only (a value named `constructor` is not Object's), through a Map copy of the table.
  let entries = valueMapEntries.get(map);
  if (entries === undefined) valueMapEntries.set(map, (entries = new Map(Object.entries(map))));
  const hit = entries.get(v);
  if (hit !== undefined) return (hit as T | null) ?? undefined; // null: known, deliberately no value
  const byPrefix = prefixFor(prefixes, v);
  if (byPrefix) return byPrefix[1];
  if (fallback !== undefined && defaultIsNews(prefixes.length)) defaultUsed?.(map, v, fallback);
  return fallback;
}

const valueMapEntries = new WeakMap<object, Map<string, unknown>>();

/**
 * Told when a value map without name prefixes falls back to its default for a value it does not
 * list (a status, decision or type an upstream added later): meaning may be lost, so the normalizer
 * mapping the message warns. Maps with prefixes cover open name spaces (tool names), where a new
 * name is routine. Set only while a normalizer maps one message (mapping is synchronous).
 */
let defaultUsed: ((map: object, value: string, fallback: string) => void) | undefined;

export function onDefaultUsed(listener: typeof defaultUsed): void {
  defaultUsed = listener;
}

/**
 * The tag a value map translates: a plain string is itself; `{ type: 'x', ... }` is `x`; an
 * externally tagged object (`{ acceptWithExecpolicyAmendment: {...} }`, serde's default) is its one key.
 */
export function tagOf(v: unknown): unknown {
  const o = obj(v);
  if (!o) return v;
  if (typeof o.type === 'string') return o.type;
  let only: string | undefined;
  for (const k in o) {
    if (only !== undefined) return undefined;
    only = k;
  }
  return only;
}

/** The first value that is present. */
export function first(...values: unknown[]): unknown {
  for (const v of values) if (v !== undefined && v !== null) return v;
  return undefined;
}

/** `null` stays null (the field allows it); anything else goes through `inner`. */
export function nullOr<T>(v: unknown, inner: (v: unknown) => T | undefined): T | null | undefined {
  return v === null ? null : inner(v);
}
