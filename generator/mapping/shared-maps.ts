// Value maps between canonical enums (`from: <enum>` instead of `source:`): what the runtime's
// helpers look up by name on every source, e.g. the status an item gets when its turn ends
// (closeTurn). Their values and default are checked like every map's (analyze.ts); here, what
// only they have: their keys are values of `from`, and they cover none of an upstream's values.
import type { CanonicalModel } from '../model/types.ts';
import { guessHint } from '../shared/did-you-mean.ts';
import type { Finding } from './findings.ts';
import type { MappingSpec } from './types.ts';

export function checkSharedMaps(spec: MappingSpec, model: CanonicalModel, findings: Finding[]): void {
  const enums = Object.keys(model.enums);
  for (const map of Object.values(spec.valueMaps)) {
    const error = (code: string, message: string, hint: string, loc = map.loc) =>
      findings.push({ category: 'error', code, message, hint, loc });
    if ((map.source === undefined) === (map.from === undefined)) {
      error(
        'spec/value-map-origin',
        `value map \`${map.name}\` must name either \`source\` (upstream values) or \`from\` (a canonical enum)`,
        map.source === undefined
          ? 'add `source: <source>` for upstream values, or `from: <canonical enum>`'
          : 'keep one of the two',
      );
      continue;
    }
    if (map.from === undefined) continue;
    if (map.covers || Object.keys(map.prefixes).length || Object.keys(map.undeclared).length) {
      error(
        'spec/value-map-origin',
        `value map \`${map.name}\` translates canonical ${map.from} values: it covers no upstream values`,
        'remove `covers`, `prefixes` and `undeclared`',
      );
    }
    const from = model.enums[map.from];
    if (!from) {
      error(
        'spec/unknown-enum',
        `value map \`${map.name}\`: unknown canonical enum \`${map.from}\``,
        guessHint(map.from, enums, `use one of: ${enums.join(', ')}`),
      );
      continue;
    }
    for (const [key, v] of Object.entries(map.values)) {
      if (!from.values.includes(key))
        error(
          'spec/unknown-enum-value',
          `value map \`${map.name}\`: \`${key}\` is not a ${map.from} value`,
          guessHint(key, from.values, `use one of: ${from.values.join(', ')}`),
          v.loc,
        );
    }
  }
}
