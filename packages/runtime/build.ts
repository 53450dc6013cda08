// Stage @eventmap/runtime: the compiled runtime and mappers, the canonical validators, schema and
// the opt-in upstream validators (generated JS with hand-written-by-template declarations, copied
// as they are: compiling them would infer `any` declarations from the JS).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { prunePackage } from '../prune.ts';
import { compileRuntime } from './compile.ts';

const REPO = join(import.meta.dirname, '..', '..');
const GENERATED = join(REPO, 'generated');

type Exports = Record<string, string | { types: string; default: string }>;

export function stageRuntime(stage: string, version: string): string[] {
  compileRuntime(stage);
  const copy = (rel: string) => {
    mkdirSync(dirname(join(stage, rel)), { recursive: true });
    copyFileSync(join(REPO, rel), join(stage, rel));
  };
  for (const f of ['validate.js', 'validate.d.ts', 'schema.json']) copy(`generated/canonical/${f}`);
  const template = JSON.parse(readFileSync(join(import.meta.dirname, 'package.template.json'), 'utf8')) as {
    exports: Exports;
    peerDependencies?: Record<string, string>;
  };
  const exports: Exports = { ...template.exports };
  // One opt-in subpath per source: an app that does not import one does not load its megabytes.
  for (const source of readdirSync(GENERATED).sort()) {
    const js = `generated/${source}/upstream-validators.js`;
    if (!existsSync(join(REPO, js))) continue;
    copy(js);
    copy(js.replace(/\.js$/, '.d.ts'));
    exports[`./upstream-validators/${source}`] = { types: `./${js.replace(/\.js$/, '.d.ts')}`, default: `./${js}` };
  }
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ ...template, version, exports }, null, 2)}\n`);
  copyFileSync(join(import.meta.dirname, 'README.md'), join(stage, 'README.md'));
  const entries = Object.values(exports).flatMap((e) => (typeof e === 'string' ? [e] : [e.types, e.default]));
  return prunePackage(stage, {
    entries,
    keep: ['package.json', 'README.md'],
    noDependencies: true,
    // @opentelemetry/api, for the ./otel subpath alone (test/otel/entry-points.test.ts).
    allowedImports: Object.keys(template.peerDependencies ?? {}),
  });
}
