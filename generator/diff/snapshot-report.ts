// `eventmap diff <source>@A <source>@B`: diff the catalogs, class each change against the current
// spec (and, given, the canonical model: a new field that fits a free slot), and put the changes
// in one stable order. Pure.
import type { Catalog } from '../catalog/types.ts';
import { compareStrings } from '../io/fsutil.ts';
import type { MappingSpec } from '../mapping/types.ts';
import { messageTargets } from '../mapping/analyze.ts';
import { slotFits, type SlotFit } from '../mapping/slot-fit.ts';
import type { CanonicalModel } from '../model/types.ts';
import { classifyChanges } from './classify.ts';
import { readProblemsIn } from './read-problems.ts';
import { groupShared } from './shared-definitions.ts';
import { diffCatalogs } from './snapshot-diff.ts';
import { SPEC_FILE, type Change, type SnapshotDiff } from './types.ts';

export function buildSnapshotDiff(
  a: Catalog,
  b: Catalog,
  spec: MappingSpec | undefined,
  model?: CanonicalModel,
  /** The source's supported snapshots: with B, what `check --with B` analyses (a removal they still have is informational). */
  supported: readonly Catalog[] = [],
): SnapshotDiff {
  const { counts, changes } = diffCatalogs(a, b);
  const fits = spec && model ? newFieldFits(spec, model, a, b) : [];
  const analysed = [...supported.filter((c) => c.version !== b.version), b];
  const problems = spec && model ? readProblemsIn(spec, model, b) : undefined;
  const classed = groupShared(
    classifyChanges(changes, spec, a.source, b.version, fits, analysed, problems).sort(compareChanges),
  );
  return {
    source: a.source,
    from: a.version,
    to: b.version,
    ...(spec ? { spec: SPEC_FILE } : {}),
    counts,
    changes: classed,
  };
}

/** The fields B adds to a mapped message that fit a free slot: check's spec/new-field-fits-slot, on {A, B}. */
function newFieldFits(spec: MappingSpec, model: CanonicalModel, a: Catalog, b: Catalog): SlotFit[] {
  const mine = spec.entries.filter((e) => e.source === a.source);
  return mine
    .filter((e) => e.ignore === undefined)
    .flatMap((e) => slotFits(mine, e, messageTargets(e, [a, b]), model))
    .filter((f) => f.versions.includes(b.version) && !f.versions.includes(a.version));
}

// Kind-level changes first, then discriminants, responses, fields; catalog enums last (by the
// change's first word).
const RANK = ['kind', 'discriminant', 'response', 'field', 'enum'];

function sortKey(c: Change): string[] {
  const rank = String(RANK.indexOf(c.change.slice(0, c.change.indexOf('-'))));
  if ('enum' in c) return ['~', rank, c.enum, c.change];
  if ('path' in c) return [c.kind, rank, c.name, c.scope, c.path, c.change];
  return [c.kind, rank, 'name' in c ? c.name : '', c.change];
}

function compareChanges(a: Change, b: Change): number {
  const [ka, kb] = [sortKey(a), sortKey(b)];
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const d = compareStrings(ka[i] ?? '', kb[i] ?? '');
    if (d) return d;
  }
  return 0;
}

/** Number of changes per class. */
export function classCounts(changes: Change[]): Record<Change['class'], number> {
  const out = { breaking: 0, 'needs-mapping': 0, informational: 0 };
  for (const c of changes) out[c.class]++;
  return out;
}
