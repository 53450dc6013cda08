// A response mapper (a mapping's `response:`) reads the client's answer typed by the answer's
// schema in every supported snapshot (issue 15), so tsc checks its reads as it checks a message
// mapper's. As in typed-mappers.test.ts, the path check passes on the real snapshots and the
// upstream types are then emitted from copies whose answer schema lacks a field the spec reads.
// Only those types are emitted: the mappers are the committed ones, so a supported snapshot adds
// the emit of its types once, not a whole generate per source.
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { responseSchema } from '../../generator/catalog/response.ts';
import type { Catalog } from '../../generator/catalog/types.ts';
import { formatFiles } from '../../generator/emit/format.ts';
import { emitUpstreamTypes } from '../../generator/emit/upstream-types.ts';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import type { MappingEntry, ValueExpr } from '../../generator/mapping/types.ts';
import { REPO } from '../security/hostile-project.ts';
import { scratchDir } from '../scratch.ts';
import { typecheck, writeFiles } from './tsc-support.ts';

const inputs = loadInputs(projectPaths(REPO));

/** Top-level fields (`$.decision`) an entry's `response:` reads. */
function topLevelReads(entry: MappingEntry): string[] {
  const out: string[] = [];
  const visit = (e: ValueExpr): void => {
    if (e.kind === 'path' && e.path.segments.length === 1 && typeof e.path.segments[0] === 'string')
      out.push(e.path.segments[0]);
    if (e.kind === 'first') e.options.forEach(visit);
    if (e.kind === 'helper') e.args.forEach(visit);
  };
  for (const emit of entry.response) Object.values(emit.payload).forEach(visit);
  return out;
}

/** Per source, the first answered request (in spec order) that reads a top-level field of its answer. */
const cases = Object.keys(inputs.spec.sources).flatMap((source) => {
  const entry = inputs.spec.entries.find((e) => e.source === source && topLevelReads(e).length > 0);
  return entry ? [{ source, entry, field: topLevelReads(entry)[0]! }] : [];
});

/** The catalogs with `field` removed from the request's answer schema (its object and union members). */
function withoutAnswerField(catalogs: Catalog[], entry: MappingEntry, field: string): Catalog[] {
  let removed = 0;
  const copies = catalogs.map((catalog) => {
    const copy = structuredClone(catalog);
    const ce = copy.entries.find((e) => e.kind === entry.kind && e.name === entry.name);
    const answer = ce && responseSchema(copy, ce);
    const visit = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      const props = o.properties as Record<string, unknown> | undefined;
      if (props && field in props) {
        delete props[field];
        if (Array.isArray(o.required)) o.required = o.required.filter((r) => r !== field);
        removed++;
      }
      for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(o[k])) (o[k] as unknown[]).forEach(visit);
    };
    visit(answer?.schema);
    return copy;
  });
  expect(removed, `no answer schema of ${entry.name} declares ${field}`).toBeGreaterThan(0);
  return copies;
}

describe('response mappers are typed by the answer schemas', () => {
  it('every source with an answered request has a case', () => {
    const answered = inputs.spec.entries.filter((e) => e.response.length > 0).map((e) => e.source);
    expect(cases.map((c) => c.source).sort()).toEqual([...new Set(answered)].sort());
  });

  // The committed generated/ is what generate writes (determinism.test.ts, `check`): its mappers
  // are checked as they are, and again beside upstream types emitted from the edited catalogs, the
  // one output that differs.
  it.each(cases)(
    '$source: a field the answer types lack fails tsc --strict in the response mapper, naming it',
    async ({ source, entry, field }) => {
      const real = join(REPO, 'generated');
      expect(readFileSync(join(real, source, 'mappers.ts'), 'utf8')).toContain(
        `ResponseByName['${entry.name}']> | undefined`,
      );
      const root = scratchDir('eventmap-typed-responses-');
      writeFileSync(join(root, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
      symlinkSync(join(REPO, 'runtime'), join(root, 'runtime'));
      const missing = join(root, 'generated');
      cpSync(real, missing, { recursive: true });
      const catalogs = withoutAnswerField(inputs.catalogs[source]!, entry, field);
      writeFiles(missing, await formatFiles(await emitUpstreamTypes(catalogs)));

      const errors = typecheck([join(real, source, 'mappers.ts'), join(missing, source, 'mappers.ts')]);
      expect(errors.filter((e) => e.startsWith(`${real}/`))).toEqual([]);
      const inMissing = errors.filter((e) => e.startsWith(`${missing}/`));
      expect(inMissing.length).toBeGreaterThan(0);
      expect(inMissing.filter((e) => !e.includes(`'${field}'`))).toEqual([]);
    },
  );
});
