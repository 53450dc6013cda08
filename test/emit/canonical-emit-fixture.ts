// Emits generated/canonical from the project's model into a fresh temp folder, so tests exercise
// what the emitter writes now (not what happens to be committed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { emitCanonical } from '../../generator/emit/canonical/index.ts';
import { loadModel } from '../../generator/model/load.ts';
import type { CanonicalModel } from '../../generator/model/types.ts';

export const REPO = resolve(import.meta.dirname, '../..');
export const MODEL_FILE = join(REPO, 'canonical-model.yaml');

export interface Emitted {
  model: CanonicalModel;
  files: Map<string, string>;
  /** Temp folder holding `canonical/...`. */
  dir: string;
}

export async function emitToTemp(): Promise<Emitted> {
  const model = loadModel(MODEL_FILE);
  const files = await emitCanonical(model);
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-canonical-'));
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { model, files, dir };
}

/** Import an emitted module (validate.js, types.ts) from the temp folder. */
export async function importEmitted<T>(dir: string, rel: string): Promise<T> {
  return (await import(pathToFileURL(join(dir, rel)).href)) as T;
}

export function removeTemp(emitted: Emitted | undefined): void {
  if (emitted) rmSync(emitted.dir, { recursive: true, force: true });
}
