// @opentelemetry/api is the ./otel subpath's alone: every other entry point of the runtime package
// (packages/runtime/package.template.json's exports, bundled from the sources they are built from)
// bundles no OpenTelemetry code, and ./otel bundles nothing but the runtime and the API it leaves
// to the app (an optional peer dependency).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
const template = JSON.parse(readFileSync(join(REPO, 'packages', 'runtime', 'package.template.json'), 'utf8')) as {
  exports: Record<string, string | { default: string }>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
/** Subpath → the source file its JS is compiled from (the package keeps the repository's layout). */
const entries = Object.entries(template.exports).flatMap(([subpath, target]) => {
  const js = typeof target === 'string' ? target : target.default;
  if (!js.endsWith('.js')) return [];
  const file = js.replace(/^\.\//, '');
  return [[subpath, file.startsWith('runtime/') ? file.replace(/\.js$/, '.ts') : file] as const];
});

async function bundle(file: string, external: string[] = []) {
  const result = await esbuild.build({
    entryPoints: [join(REPO, file)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external,
    absWorkingDir: REPO,
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return { inputs: Object.keys(result.metafile.inputs), imports: output.imports, code: result.outputFiles[0]!.text };
}

describe('the runtime entry points', () => {
  it('include ./otel, whose one dependency is an optional peer', () => {
    expect(entries.map(([s]) => s)).toEqual(expect.arrayContaining(['.', './reducer', './otel']));
    expect(Object.keys(template.peerDependencies)).toEqual(['@opentelemetry/api']);
    expect(template.peerDependenciesMeta['@opentelemetry/api']?.optional).toBe(true);
  });

  it.each(entries.filter(([s]) => s !== './otel'))('%s bundles no OpenTelemetry code', async (_subpath, file) => {
    const { inputs, imports, code } = await bundle(file);
    expect(inputs.filter((f) => /opentelemetry|runtime\/otel\//.test(f))).toEqual([]);
    expect(imports).toEqual([]);
    expect(code).not.toMatch(/@opentelemetry|gen_ai\./);
  });

  it('./otel imports @opentelemetry/api and nothing else from outside the runtime', async () => {
    const file = entries.find(([s]) => s === './otel')![1];
    const { inputs, imports } = await bundle(file, ['@opentelemetry/api']);
    expect(inputs.filter((f) => f.includes('node_modules'))).toEqual([]);
    expect([...new Set(imports.map((i) => i.path))]).toEqual(['@opentelemetry/api']);
    expect(imports.every((i) => i.external)).toBe(true);
  });
});
