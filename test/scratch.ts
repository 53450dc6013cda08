// Temp folders a test file makes through its helpers, removed when that file ends. Workers keep
// their modules from one file to the next (vitest.config.ts `isolate: false`), so a helper module's
// own afterAll would be registered for the first file that imports it only; test/setup/scratch.ts,
// which runs before every file, registers the removal instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];

/** A fresh temp folder, removed after the current test file's tests. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Remove every scratch folder made so far (test/setup/scratch.ts, after each file). */
export function removeScratch(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
