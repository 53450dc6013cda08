// The rule of a value-map lookup, owned here and applied both by `lookup` (runtime/values.ts) and by
// the generator's coverage (generator/mapping/coverage-status.ts): a name the map lists (its `values`
// and `undeclared`, one table at run time) wins; else the first name prefix it starts with (open
// name spaces like `mcp__<server>__<tool>`), in the spec's order; else the map's default, which only
// maps without prefixes report (a new name in an open name space is routine).

/** The first `[prefix, value]` whose prefix `name` starts with. */
export function prefixFor<P extends readonly [string, unknown]>(prefixes: readonly P[], name: string): P | undefined {
  for (const p of prefixes) if (name.startsWith(p[0])) return p;
  return undefined;
}

/** Whether falling back to the default for `name` is worth a warning: only where the map has no prefixes. */
export const defaultIsNews = (prefixCount: number): boolean => prefixCount === 0;
