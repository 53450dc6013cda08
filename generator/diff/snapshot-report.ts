// `eventmap diff <source>@A <source>@B`: diff the catalogs, class each change against the current
// spec, and put the changes in one stable order. Pure.
import type { Catalog } from '../catalog/types.ts';
import { compareStrings } from '../io/fsutil.ts';
import type { MappingSpec } from '../mapping/types.ts';
import { classifyChanges } from './classify.ts';
import { groupShared } from './shared-definitions.ts';
import { diffCatalogs } from './snapshot-diff.ts';
import { SPEC_FILE, type Change, type SnapshotDiff } from './types.ts';

export function buildSnapshotDiff(a: Catalog, b: Catalog, spec: MappingSpec | undefined): SnapshotDiff {
  const { counts, changes } = diffCatalogs(a, b);
  const classed = groupShared(classifyChanges(changes, spec, a.source, b.version).sort(compareChanges));
  return {
    source: a.source,
    from: a.version,
    to: b.version,
    ...(spec ? { spec: SPEC_FILE } : {}),
    counts,
    changes: classed,
  };
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
