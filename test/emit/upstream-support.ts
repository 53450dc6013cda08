// Shared by the upstream emitter tests: the vendored codex snapshots, transcripts, tsc, temp dirs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scratch.ts';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { resolveSnapshot } from '../../generator/catalog/snapshots.ts';
import { listVersions } from '../../generator/catalog/vendored.ts';
import type { Catalog } from '../../generator/catalog/types.ts';
import { serverMessages as transcriptServerMessages, transcripts } from '../conformance/transcripts.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every vendored codex-app-server snapshot, oldest first. */
export function codexCatalogs(): Catalog[] {
  const upstream = join(ROOT, 'upstream-schemas');
  return listVersions(upstream, 'codex-app-server').map((v) =>
    loadCatalog(resolveSnapshot(upstream, `codex-app-server@${v}`)),
  );
}

/** JSON-RPC messages the server sent, from every recorded transcript of that version. */
export function serverMessages(version: string): Array<Record<string, unknown>> {
  return transcripts('codex-app-server')
    .filter((t) => t.version === version)
    .flatMap(transcriptServerMessages);
}

/** Write `files` (relative path → text) into a fresh temp dir (removed after the file's tests) and return it. */
export function writeTemp(prefix: string, files: Record<string, string>): string {
  const dir = scratchDir(prefix);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

export const STRICT_TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    isolatedModules: true,
    verbatimModuleSyntax: true,
    skipLibCheck: false,
    types: [],
  },
  include: ['**/*.ts'],
});

/** Run the repo's tsc on a folder with a tsconfig; returns its output ('' when it compiled). */
export function tsc(dir: string): string {
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
  }
}

/** TypeScript source without comments, so words like "if any" in upstream docs do not count as types. */
export function withoutComments(ts: string): string {
  return ts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}
