// A change to a field the spec reads is judged as `check --with <to>` judges it: check's own test of
// each read (check-emit.ts: the path is there; its type fits where the value lands, a payload
// field, an id or a value map; a value map lists every value the read can take) run on <to>'s
// schema. A problem located at a read the change reaches is the change's: a type change the read
// still takes (`string` → `integer` for an id) passes both, one it cannot take fails both.
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';
import type { Catalog } from '../catalog/types.ts';
import { messageTargets, responseTarget } from '../mapping/analyze.ts';
import { checkEmit } from '../mapping/check-emit.ts';
import type { Finding } from '../mapping/findings.ts';
import type { MappingEntry, MappingSpec } from '../mapping/types.ts';
import type { CanonicalModel } from '../model/types.ts';
import type { FieldScope } from './types.ts';

/** The codes of check's findings about one read (and nothing else). */
const READ_CODES = new Set(['spec/unknown-path', 'spec/type-mismatch', 'spec/unknown-enum-value', 'coverage/map-gap']);

/** check's findings about the reads of an entry's message (`message`) or response emits, in one snapshot. */
export type ReadProblems = (entry: MappingEntry, scope: FieldScope) => Finding[];

export function readProblemsIn(spec: Pick<MappingSpec, 'valueMaps'>, model: CanonicalModel, to: Catalog): ReadProblems {
  const memo = new Map<string, Finding[]>();
  return (entry, scope) => {
    const key = `${entry.kind}:${entry.name}|${scope}`;
    let found = memo.get(key);
    if (found) return found;
    const targets = messageTargets(entry, [to]);
    const emits = scope === 'message' ? entry.emit : entry.response;
    const where =
      scope === 'message' ? targets : targets.flatMap(({ catalog, entry: ce }) => responseTarget(catalog, ce));
    const findings: Finding[] = [];
    if (where.length)
      for (const emit of emits)
        checkEmit({ spec, model, helpers: HELPER_MANIFEST, entry, targets: where, findings }, emit);
    found = findings.filter((f) => READ_CODES.has(f.code));
    memo.set(key, found);
    return found;
  };
}
