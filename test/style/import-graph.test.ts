// The import graph (issue 30): no cycle anywhere; data flows one way through the stages, so a stage
// imports only itself, earlier stages and the shared folders; the shared folders import no stage;
// the runtime imports nothing from the build-time side (issue 15's "each rule written once": the
// generator imports the runtime's rules, never the other way round).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, ROOT, sourceFiles, type ImportEdge } from './import-graph.ts';

/** generator/'s folders in the order data flows; a folder may import its own step and earlier ones. */
const STAGE_ORDER = [
  ['upstream'],
  ['catalog'],
  ['model', 'mapping'],
  ['emit'],
  ['pipeline'],
  ['check', 'diff', 'census', 'suggest', 'view'],
  ['cli', 'commands'],
];
/** What every stage may use; these import no stage. */
const SHARED = ['schema', 'io', 'project', 'yaml', 'shared', 'output'];

const folder = (file: string): string | undefined => (file.startsWith('generator/') ? file.split('/')[1] : undefined);
const step = (name: string): number => STAGE_ORDER.findIndex((s) => s.includes(name));
const show = (edges: ImportEdge[]): string[] => edges.map((e) => `${e.from} → ${e.to}${e.dynamic ? ' (dynamic)' : ''}`);

const EDGES = sourceFiles(['generator', 'runtime', 'capture', 'bench', 'packages']).flatMap(importsOf);

describe('the import graph', () => {
  it('reads real imports: static, type-only and dynamic ones', () => {
    const of = (file: string) => EDGES.filter((e) => e.from === file);
    expect(of('generator/schema/paths.ts').map((e) => e.to)).toContain('generator/schema/ref.ts');
    expect(of('generator/model/types.ts').map((e) => e.to)).toContain('generator/schema/types.ts');
    expect(of('generator/check/run.ts')).toContainEqual({
      from: 'generator/check/run.ts',
      to: 'generator/pipeline/pipeline.ts',
      dynamic: true,
    });
  });

  it('finds a cycle when there is one', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, dynamic: false });
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(cycles([edge('a', 'a')])).toEqual([['a']]);
    expect(cycles([edge('a', 'b'), edge('a', 'c'), edge('b', 'c')])).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(EDGES)).toEqual([]);
  });

  it('knows every folder of generator/ (a new one is placed in STAGE_ORDER or SHARED)', () => {
    const folders = readdirSync(path.join(ROOT, 'generator'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((e) => e.name).filter((name) => step(name) < 0 && !SHARED.includes(name))).toEqual([]);
    expect(sourceFiles(['generator']).filter((f) => f.split('/').length === 2)).toEqual([]);
  });

  it('no stage imports a later stage', () => {
    const later = EDGES.filter((e) => {
      const [from, to] = [folder(e.from), folder(e.to)];
      return from !== undefined && to !== undefined && !SHARED.includes(from) && step(to) > step(from);
    });
    expect(show(later)).toEqual([]);
  });

  it('the canonical model reads no upstream snapshot (neither upstream/ nor catalog/)', () => {
    const offending = EDGES.filter(
      (e) => folder(e.from) === 'model' && ['upstream', 'catalog'].includes(folder(e.to)!),
    );
    expect(show(offending)).toEqual([]);
  });

  it('the shared folders import no stage', () => {
    const offending = EDGES.filter((e) => {
      const [from, to] = [folder(e.from), folder(e.to)];
      return from !== undefined && SHARED.includes(from) && to !== undefined && !SHARED.includes(to);
    });
    expect(show(offending)).toEqual([]);
  });

  it('runtime/ imports nothing from generator/', () => {
    expect(show(EDGES.filter((e) => e.from.startsWith('runtime/') && e.to.startsWith('generator/')))).toEqual([]);
  });
});
