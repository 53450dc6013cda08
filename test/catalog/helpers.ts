// Shared by the catalog tests: the vendored snapshots, scratch copies of them, and the CLI.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scratch.ts';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { runCli as runInProcess, type CliResult } from '../run-cli.ts';
import type { Catalog } from '../../generator/catalog/types.ts';
import type { SourceName } from '../../generator/project/sources.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function snapshotDir(source: SourceName, version: string): string {
  return join(ROOT, 'upstream-schemas', source, version);
}

export function catalogOf(source: SourceName, version: string, dir = snapshotDir(source, version)): Catalog {
  return loadCatalog({ source, version, dir });
}

/** A temporary folder, removed after the test file's tests (test/scratch.ts). */
export function tempDir(prefix: string): string {
  return scratchDir(prefix);
}

/** A writable copy of a vendored snapshot, for breaking it on purpose. */
export function copySnapshot(source: SourceName, version: string): string {
  const dir = join(tempDir('eventmap-test-'), version);
  cpSync(snapshotDir(source, version), dir, { recursive: true });
  return dir;
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** A verbatim upstream declaration file, with CRLF (both claude sdk.d.ts files use it) read as LF. */
export function fixtureText(source: SourceName, version: string, file: string): string {
  return readFileSync(join(ROOT, 'test/fixtures/upstream-src', source, version, file), 'utf8').replace(/\r\n/g, '\n');
}

/** `eventmap <args>` from the repository root, in this process. */
export function runCli(args: string[]): Promise<CliResult> {
  return runInProcess(args, { cwd: ROOT });
}
