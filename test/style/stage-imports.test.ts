// Each rule written once (issue 15): the JSON-Schema utilities live in generator/schema/, which
// imports no stage; the ingesters (upstream/) and the canonical model (model/) do not reach into
// the catalog stage; the runtime imports no build-time code (the generator imports the runtime's
// rules: discriminant naming, source names, value-map lookup).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Repository-relative targets of a file's relative imports and re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']+)'/gms)].map((m) =>
    path.relative(root, path.resolve(path.dirname(path.join(root, file)), m[1]!)),
  );
}

const STAGES = readdirSync(path.join(root, 'generator'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('stage imports', () => {
  it('finds the files it checks (the regexp reads real imports)', () => {
    expect(importsOf('generator/schema/paths.ts')).toContain('generator/schema/ref.ts');
    expect(STAGES).toEqual(expect.arrayContaining(['catalog', 'schema', 'upstream', 'model']));
  });

  it('no file under generator/upstream or generator/model imports the catalog', () => {
    const offending = [...sources('generator/upstream'), ...sources('generator/model')].flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('generator/catalog/'))
        .map((t) => `${f} → ${t}`),
    );
    expect(offending).toEqual([]);
  });

  it('generator/schema imports nothing from a stage (only itself and shared top-level files)', () => {
    const offending = sources('generator/schema').flatMap((f) =>
      importsOf(f)
        .filter((t) => {
          const [top, dir] = t.split(path.sep);
          return top !== 'generator' || (STAGES.includes(dir!) && dir !== 'schema');
        })
        .map((t) => `${f} → ${t}`),
    );
    expect(offending).toEqual([]);
  });

  it('runtime/ imports nothing from generator/', () => {
    const offending = sources('runtime').flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('generator/'))
        .map((t) => `${f} → ${t}`),
    );
    expect(offending).toEqual([]);
  });
});
