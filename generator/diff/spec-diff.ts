// The mapping table between two revisions of mapping-spec.yaml: per source, the discriminants
// newly mapped, newly ignored, removed or retargeted (and what changed), and value-map changes. Pure.
import { compareStrings } from '../io/fsutil.ts';
import { describePresence } from '../mapping/presence.ts';
import type { Condition, EmitSpec, MappingEntry, MappingSpec, ValueExpr, ValueMap } from '../mapping/types.ts';

export type EntryChangeType = 'newly-mapped' | 'newly-ignored' | 'removed' | 'target-changed' | 'reason-changed';

export interface EntryState {
  status: 'mapped' | 'ignored';
  /** Canonical event types emitted, in order (mapped). */
  targets: string[];
  reason?: string;
  line: number;
}

export interface EntryChange {
  source: string;
  kind: string;
  name: string;
  change: EntryChangeType;
  before?: EntryState;
  after?: EntryState;
  /** What changed, one phrase each (target-changed). */
  details: string[];
}

export type ValueMapChangeType =
  | 'map-added'
  | 'map-removed'
  | 'value-added'
  | 'value-removed'
  | 'value-changed'
  | 'default-changed'
  | 'covers-changed';

export interface ValueMapChange {
  source: string;
  map: string;
  change: ValueMapChangeType;
  /** The upstream value (value-*). */
  value?: string;
  before?: string | null;
  after?: string | null;
  /** map-added / map-removed: what the map covers and translates to. */
  summary?: string;
  line?: number;
}

export function diffSpecs(
  before: MappingSpec | undefined,
  after: MappingSpec | undefined,
): { entries: EntryChange[]; valueMaps: ValueMapChange[] } {
  const key = (e: MappingEntry) => `${e.source}\u0000${e.kind}\u0000${e.name}`;
  const a = new Map((before?.entries ?? []).map((e) => [key(e), e]));
  const b = new Map((after?.entries ?? []).map((e) => [key(e), e]));
  const entries: EntryChange[] = [];
  for (const k of [...new Set([...a.keys(), ...b.keys()])].sort(compareStrings)) {
    const change = diffEntry(a.get(k), b.get(k));
    if (change) entries.push(change);
  }
  return { entries, valueMaps: diffValueMaps(before?.valueMaps ?? {}, after?.valueMaps ?? {}) };
}

function state(e: MappingEntry): EntryState {
  if (e.ignore !== undefined) return { status: 'ignored', targets: [], reason: e.ignore, line: e.loc.line };
  return { status: 'mapped', targets: e.emit.map((m) => m.type), line: e.loc.line };
}

function diffEntry(x: MappingEntry | undefined, y: MappingEntry | undefined): EntryChange | undefined {
  const e = (x ?? y)!;
  const base = { source: e.source, kind: e.kind, name: e.name };
  const [sx, sy] = [x && state(x), y && state(y)];
  if (!sy) return { ...base, change: 'removed', before: sx!, details: [] };
  if (sy.status !== sx?.status)
    return { ...base, change: `newly-${sy.status}`, ...(sx ? { before: sx } : {}), after: sy, details: [] };
  if (sy.status === 'ignored')
    return sx!.reason === sy.reason
      ? undefined
      : { ...base, change: 'reason-changed', before: sx!, after: sy, details: [] };
  const details = [...diffEmits('emit', x!.emit, y!.emit), ...diffEmits('response', x!.response, y!.response)];
  const [ha, hb] = [x!.after.map((h) => h.name).join(', '), y!.after.map((h) => h.name).join(', ')];
  if (ha !== hb) details.push(`after: [${ha}] → [${hb}]`);
  return details.length ? { ...base, change: 'target-changed', before: sx!, after: sy, details } : undefined;
}

/** Emits are paired by position when the type sequence is unchanged, else by type. */
function diffEmits(label: string, xs: EmitSpec[], ys: EmitSpec[]): string[] {
  const out: string[] = [];
  const [ta, tb] = [xs.map((e) => e.type), ys.map((e) => e.type)];
  let pairs: [EmitSpec, EmitSpec][];
  if (ta.join() === tb.join()) pairs = xs.map((e, i) => [e, ys[i]!]);
  else {
    out.push(`${label}: ${ta.join(', ') || '(none)'} → ${tb.join(', ') || '(none)'}`);
    pairs = xs.flatMap((e) => {
      const m = ys.find((f) => f.type === e.type);
      return m ? [[e, m] as [EmitSpec, EmitSpec]] : [];
    });
  }
  for (const [e, f] of pairs) {
    const at = xs.length > 1 || ys.length > 1 ? `${label} ${e.type}` : label;
    out.push(...diffFields(`${at} ids`, e.ids, f.ids), ...diffFields(`${at} payload`, e.payload, f.payload));
    const [wa, wb] = [e.when ? conditionText(e.when) : '', f.when ? conditionText(f.when) : ''];
    if (wa !== wb) out.push(`${at} when: ${wa || '(always)'} → ${wb || '(always)'}`);
  }
  return out;
}

function diffFields(
  label: string,
  x: Record<string, ValueExpr | undefined>,
  y: Record<string, ValueExpr | undefined>,
): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort(compareStrings)) {
    const [a, b] = [x[k] && exprText(x[k]!), y[k] && exprText(y[k]!)];
    if (a === b) continue;
    if (a === undefined) out.push(`${label}.${k} added: ${b}`);
    else if (b === undefined) out.push(`${label}.${k} removed (was ${a})`);
    else out.push(`${label}.${k}: ${a} → ${b}`);
  }
  return out;
}

/** A value expression as one would write it, without its location. */
export function exprText(e: ValueExpr): string {
  switch (e.kind) {
    case 'path':
      return [e.path.text, ...(e.map ? [`map ${e.map}`] : []), describePresence(e)].filter(Boolean).join(' ');
    case 'const':
      return JSON.stringify(e.value);
    case 'helper':
      return `${e.name}(${e.args.map(exprText).join(', ')})`;
    case 'first':
      return `first(${e.options.map(exprText).join(', ')})`;
  }
}

function conditionText(c: Condition): string {
  if (c.op === 'equals') return `${c.path.text} equals ${JSON.stringify(c.value)}`;
  if (c.op === 'in') return `${c.path.text} in ${JSON.stringify(c.values)}`;
  return `${c.path.text} ${c.present ? 'present' : 'absent'}`;
}

/** A map between canonical enums (`from:`) serves every source, and is reported under that name. */
const sourceOf = (m: ValueMap): string => m.source ?? 'every source';

function diffValueMaps(x: Record<string, ValueMap>, y: Record<string, ValueMap>): ValueMapChange[] {
  const out: ValueMapChange[] = [];
  for (const name of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort(compareStrings)) {
    const [a, b] = [x[name], y[name]];
    if (!b) {
      out.push({ source: sourceOf(a!), map: name, change: 'map-removed', summary: mapSummary(a!), line: a!.loc.line });
      continue;
    }
    if (!a) {
      out.push({ source: sourceOf(b), map: name, change: 'map-added', summary: mapSummary(b), line: b.loc.line });
      continue;
    }
    const base = { source: sourceOf(b), map: name };
    const [ca, cb] = [JSON.stringify(a.covers ?? null), JSON.stringify(b.covers ?? null)];
    if (ca !== cb) out.push({ ...base, change: 'covers-changed', before: ca, after: cb, line: b.loc.line });
    if (a.default !== b.default)
      out.push({
        ...base,
        change: 'default-changed',
        before: a.default ?? null,
        after: b.default ?? null,
        line: b.loc.line,
      });
    const [xa, xb] = [valuesOf(a), valuesOf(b)];
    for (const v of [...new Set([...Object.keys(xa), ...Object.keys(xb)])].sort(compareStrings)) {
      const [va, vb] = [xa[v], xb[v]];
      if (!vb) out.push({ ...base, change: 'value-removed', value: v, before: va!.value });
      else if (!va) out.push({ ...base, change: 'value-added', value: v, after: vb.value, line: vb.loc.line });
      else if (va.value !== vb.value)
        out.push({ ...base, change: 'value-changed', value: v, before: va.value, after: vb.value, line: vb.loc.line });
    }
  }
  return out;
}

/** A map's values, with its name-prefix rules as `<prefix>*` and its undeclared values as `<value> (undeclared)`. */
function valuesOf(m: ValueMap): ValueMap['values'] {
  const prefixes = Object.entries(m.prefixes).map(([p, v]) => [`${p}*`, { value: v, loc: m.loc }]);
  const undeclared = Object.entries(m.undeclared).map(([k, v]) => [`${k} (undeclared)`, v]);
  return { ...m.values, ...Object.fromEntries([...prefixes, ...undeclared]) };
}

function mapSummary(m: ValueMap): string {
  const c = m.covers;
  const covers = !c ? 'no catalog values' : 'enum' in c ? `enum ${c.enum}` : `kind ${c.kind}`;
  return `${covers} to ${m.to}, ${Object.keys(valuesOf(m)).length} values${m.default !== undefined ? `, default ${m.default}` : ''}`;
}
