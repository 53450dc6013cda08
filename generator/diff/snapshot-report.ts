// `eventmap diff <source>@A <source>@B`: diff the catalogs, class each change against the current
// spec, and put the changes in one stable order. Pure.
import type { Catalog } from '../catalog/types.ts';
import { compareStrings } from '../io/fsutil.ts';
import type { MappingSpec } from '../mapping/types.ts';
import { classifyChanges } from './classify.ts';
import { groupShared } from './shared-definitions.ts';
import { diffCatalogs } from './snapshot-diff.ts';
import type { Change, SnapshotDiff } from './types.ts';

export function buildSnapshotDiff(
  a: Catalog,
  b: Catalog,
  spec: MappingSpec | undefined,
  specName = 'mapping-spec.yaml',
): SnapshotDiff {
  const { counts, changes } = diffCatalogs(a, b);
  const classed = groupShared(classifyChanges(changes, spec, a.source, b.version).sort(compareChanges));
  return {
    source: a.source,
    from: a.version,
    to: b.version,
    ...(spec ? { spec: specName } : {}),
    counts,
    changes: classed,
  };
}

// Kind-level changes first, then discriminants, responses, fields; catalog enums last.
const RANK: Record<Change['change'], number> = {
  'kind-removed': 0,
  'kind-added': 0,
  'discriminant-removed': 1,
  'discriminant-added': 1,
  'response-removed': 2,
  'response-added': 2,
  'field-removed': 3,
  'field-added': 3,
  'field-type-changed': 3,
  'field-made-optional': 3,
  'field-made-required': 3,
  'field-values-removed': 3,
  'field-values-added': 3,
  'field-values-opened': 3,
  'field-values-closed': 3,
  'enum-removed': 4,
  'enum-added': 4,
  'enum-values-removed': 4,
  'enum-values-added': 4,
  'enum-opened': 4,
  'enum-closed': 4,
};

function sortKey(c: Change): string[] {
  const rank = String(RANK[c.change]);
  if ('enum' in c) return ['~', rank, c.enum, c.change];
  if ('path' in c) return [c.kind, rank, c.name, c.scope, c.path, c.change];
  return [c.kind, rank, 'name' in c ? c.name : '', c.change];
}

export function compareChanges(a: Change, b: Change): number {
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
