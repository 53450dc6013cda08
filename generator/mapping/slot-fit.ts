// A field an upstream adds to a mapped message that fits an empty slot of the canonical event it
// maps to (claude-agent-sdk 0.3.333 `tool_progress.description` → `tool.progress.summary`): a
// decision is missing, so `check` says so (`review`) and `suggest --write` drafts the read. What
// "new" and "fits" mean: docs/maintainers.md (`spec/new-field-fits-slot`).
import { fieldInfo, payloadShape } from '../model/query.ts';
import type { CanonicalModel } from '../model/types.ts';
import type { JsonType } from '../schema/paths.ts';
import type { PathTarget } from './path-hints.ts';
import { fits } from './check-emit.ts';
import { lastName, specFields } from './field-paths.ts';
import { presenceText, readValue } from './path-hints.ts';
import { presenceFor, type Presence } from './presence.ts';
import type { Finding } from './findings.ts';
import type { EmitSpec, MappingEntry, ValueExpr } from './types.ts';

/** Canonical payload field → upstream field names that mean it. Data: extend it, not the code. */
export const SLOT_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  summary: ['description', 'message', 'text'],
};

export interface SlotFit {
  entry: MappingEntry;
  /** Index of the emit in entry.emit. */
  emit: number;
  /** The canonical payload field (the slot). */
  slot: string;
  /** The upstream field, a spec path. */
  path: string;
  presence: Presence;
  /** Supported versions having the field. */
  versions: string[];
  /** Why the name fits: `same name`, `a synonym of …`, or the entry it follows (a precedent). */
  why: string;
}

/** The fits for one entry, against the supported snapshots having it (`targets`); `entries`: the source's, for precedents. */
export function slotFits(
  entries: readonly MappingEntry[],
  entry: MappingEntry,
  targets: readonly PathTarget[],
  model: CanonicalModel,
): SlotFit[] {
  if (targets.length < 2) return [];
  const fieldsOf = targets.map((t) => ({
    version: t.catalog.version,
    fields: specFields(t.catalog, t.document, t.pointer),
  }));
  const all = new Set(fieldsOf.flatMap((f) => [...f.fields.keys()]));
  const fresh = [...all].filter((p) => !fieldsOf.every((f) => f.fields.has(p)));
  const read = new Set(entry.emit.flatMap(reads)); // a field the entry reads already has its place
  const out: SlotFit[] = [];
  for (const [i, emit] of entry.emit.entries()) {
    const shape = payloadShape(model, emit.type);
    if (!shape) continue;
    const parents = new Set(['$', ...reads(emit).map(parentOf)]);
    for (const path of fresh) {
      if (!parents.has(parentOf(path)) || read.has(path) || path in entry.ignoreFields) continue;
      const having = fieldsOf.filter((f) => f.fields.has(path));
      const types = new Set(having.flatMap((f) => f.fields.get(path)!.types) as JsonType[]);
      for (const [slot, schema] of Object.entries(shape.fields)) {
        if (slot in emit.payload) continue;
        const why = nameFits(lastName(path), slot, entries);
        const canonical = fieldInfo(model, schema);
        if (!why || !canonical || (!types.has('any' as JsonType) && !fits(types, canonical.types))) continue;
        const lacking = fieldsOf.filter((f) => !f.fields.has(path)).map((f) => f.version);
        const versions = having.map((f) => f.version);
        out.push({ entry, emit: i, slot, path, presence: presenceFor(versions, lacking), versions, why });
        break; // one slot per field
      }
    }
  }
  return out;
}

/** The review finding for a fit, located at the emit. */
export function slotFitFinding(fit: SlotFit): Finding {
  const { entry, slot, path } = fit;
  const emit = entry.emit[fit.emit]!;
  return {
    category: 'review',
    code: 'spec/new-field-fits-slot',
    message: `${entry.source} ${entry.kind} \`${entry.name}\` has a new field \`${path}\` (${fit.versions.join(', ')}) that fits \`${emit.type}.${slot}\`, which it does not map (${fit.why})`,
    hint: `map it: \`${slot}: ${presenceText(path, fit.presence)}\` under payload (\`eventmap suggest --write\` writes it), or ignore it: \`ignoreFields: { ${path}: <reason> }\` on the entry`,
    source: entry.source,
    versions: fit.versions,
    discriminant: `${entry.kind}:${entry.name}`,
    loc: emit.loc,
  };
}

/** The value `suggest --write` puts in the slot. */
export function slotFitValue(fit: SlotFit): unknown {
  return readValue(fit.path, fit.presence);
}

function nameFits(name: string, slot: string, entries: readonly MappingEntry[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/_/g, '');
  if (norm(name) === norm(slot)) return 'same name';
  if (SLOT_SYNONYMS[slot]?.some((s) => norm(s) === norm(name))) return `a synonym of \`${slot}\``;
  for (const e of entries)
    for (const em of e.emit) {
      const expr = em.payload[slot];
      if (expr && pathsOf(expr).some((p) => norm(lastName(p)) === norm(name)))
        return `as ${e.kind} \`${e.name}\` reads \`${name}\` into \`${em.type}.${slot}\``;
    }
  return undefined;
}

/** Every path an emit reads: its payload, its ids and its `when`. */
export function reads(emit: EmitSpec): string[] {
  const when = emit.when ? [emit.when.path.text] : [];
  return [...Object.values(emit.payload), ...Object.values(emit.ids)]
    .flatMap((e) => (e ? pathsOf(e) : []))
    .concat(when);
}

/** Every path a value expression reads. */
export function pathsOf(expr: ValueExpr): string[] {
  if (expr.kind === 'path') return [expr.path.text];
  if (expr.kind === 'first') return expr.options.flatMap(pathsOf);
  if (expr.kind === 'helper') return expr.args.flatMap(pathsOf);
  return [];
}

function parentOf(path: string): string {
  return path.replace(/(\.[^.[\]]+|\[\d+\])$/, '') || '$';
}
