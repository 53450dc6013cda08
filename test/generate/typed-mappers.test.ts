// tsc is the second net under the generate-time path check (issue 15): a generated mapper reads
// its message by typed property access against the upstream types of every supported snapshot, so
// a field the types lack is a compile error that names it, and an emit with a payload field or value
// the canonical type does not have is one too. The path check is bypassed honestly: the spec is
// checked against the real snapshot, and the upstream types are then emitted from a copy of that
// snapshot without the field, as they would be if the check and the types ever disagreed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../generator/catalog/types.ts';
import { emitUpstreamTypes } from '../../generator/emit/upstream-types.ts';
import { formatFiles } from '../../generator/emit/format.ts';
import { runGenerate } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { hostileProject, type HostileProject } from '../security/hostile-project.ts';
import { typecheck, writeFiles } from './tsc-support.ts';

const SOURCE = 'codex-sdk';
/** A field the spec reads (`$.thread_id` of `thread.started`), removed from the types' snapshot. */
const EVENT = 'thread.started';
const FIELD = 'thread_id';

let p: HostileProject;
beforeAll(() => {
  p = hostileProject([SOURCE]);
});
afterAll(() => p.remove());

/** The catalog with FIELD removed from every object schema of its document that declares EVENT. */
function withoutField(catalog: Catalog): Catalog {
  const copy = structuredClone(catalog);
  let removed = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    const props = o.properties as Record<string, { const?: unknown }> | undefined;
    if (props?.type?.const === EVENT && props[FIELD] !== undefined) {
      delete props[FIELD];
      if (Array.isArray(o.required)) o.required = o.required.filter((r) => r !== FIELD);
      removed++;
    }
    Object.values(o).forEach(visit);
  };
  Object.values(copy.documents).forEach(visit);
  expect(removed, `no schema of ${EVENT} declares ${FIELD}`).toBeGreaterThan(0);
  return copy;
}

describe('generated mappers are checked by tsc on both sides', () => {
  it('a field the upstream types lack fails tsc --strict, naming the field; the real types pass', async () => {
    const paths = projectPaths(p.root);
    const { files, inputs } = await runGenerate(paths);
    expect(files.get(`${SOURCE}/mappers.ts`), 'the spec no longer reads the field').toContain(`m?.${FIELD}`);
    const real = join(p.root, 'generated');
    const missing = join(p.root, 'generated-missing');
    writeFiles(real, files);
    writeFiles(missing, files);
    writeFiles(missing, await formatFiles(await emitUpstreamTypes(inputs.catalogs[SOURCE]!.map(withoutField))));

    const errors = typecheck([join(real, SOURCE, 'mappers.ts'), join(missing, SOURCE, 'mappers.ts')]);
    expect(errors.filter((e) => e.startsWith(`${real}/`))).toEqual([]);
    const inMissing = errors.filter((e) => e.startsWith(`${missing}/`));
    expect(inMissing.length).toBeGreaterThan(0);
    expect(inMissing.every((e) => e.includes(`'${FIELD}'`))).toBe(true);
  });

  it('a source whose every message is ignored: its mappers.ts imports nothing it does not use', async () => {
    const root = hostileProject([SOURCE]);
    try {
      root.editYaml('mapping-spec.yaml', (doc) => {
        const kinds = doc.getIn(['mappings', SOURCE]) as {
          items: { key: unknown; value: { items: { key: unknown }[] } }[];
        };
        for (const kind of kinds.items)
          for (const entry of kind.value.items)
            doc.setIn(
              ['mappings', SOURCE, String(kind.key), String(entry.key)],
              doc.createNode({ ignore: 'test: all ignored' }),
            );
      });
      const { files } = await runGenerate(projectPaths(root.root));
      const text = files.get(`${SOURCE}/mappers.ts`)!;
      expect(text).not.toMatch(/export function map/);
      const dir = join(root.root, 'generated');
      writeFiles(dir, files);
      expect(typecheck([join(dir, SOURCE, 'mappers.ts')])).toEqual([]);
    } finally {
      root.remove();
    }
  });

  it('an emitted payload field the canonical type does not have fails tsc, naming it', async () => {
    const paths = projectPaths(p.root);
    const { files } = await runGenerate(paths);
    const dir = join(p.root, 'generated-payload');
    writeFiles(dir, files);
    const file = join(dir, SOURCE, 'mappers.ts');
    const text = files.get(`${SOURCE}/mappers.ts`)!;
    const edited = text.replace('{ providerThreadId: ', '{ providerThreadIdd: ');
    expect(edited).not.toBe(text);
    writeFileSync(file, edited);
    const errors = typecheck([file]);
    expect(errors.some((e) => e.includes("'providerThreadIdd'"))).toBe(true);
  });
});
