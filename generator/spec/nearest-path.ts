// The nearest path a snapshot's schema has to a spec path it lacks: each segment that does not
// resolve is replaced by the closest property name there (a typo), so `$.params.thread.idd`
// suggests `$.params.thread.id`. Undefined when some segment has no close name.
import { propertyNamesAt, resolveSchemaPath } from '../catalog/schema-paths.ts';
import { didYouMean } from '../did-you-mean.ts';
import type { PathExpr } from './types.ts';

export function nearestPath(doc: unknown, schema: unknown, path: PathExpr): string | undefined {
  const fixed: (string | number)[] = [];
  for (const seg of path.segments) {
    if (resolveSchemaPath(doc, schema, [...fixed, seg])) {
      fixed.push(seg);
      continue;
    }
    const guess = typeof seg === 'string' ? didYouMean(seg, propertyNamesAt(doc, schema, fixed)) : undefined;
    if (guess === undefined) return undefined;
    fixed.push(guess);
  }
  return fixed.reduce<string>((text, s) => (typeof s === 'number' ? `${text}[${s}]` : `${text}.${s}`), '$');
}
