// `generate`: upstream snapshots + canonical model + mapping spec → every file under generated/.
// Pure: returns the files; the command writes them atomically.
import { emitCanonical } from './emit/canonical/index.ts';
import { loadModel } from './model/load.ts';
import type { ProjectPaths } from './project.ts';

export interface GenerateResult {
  /** Paths relative to generated/ → contents. */
  files: Map<string, string>;
}

export async function runGenerate(paths: ProjectPaths): Promise<GenerateResult> {
  const files = new Map<string, string>();
  const model = loadModel(paths.model);
  for (const [rel, text] of await emitCanonical(model)) files.set(rel, text);
  return { files };
}
