// Placeholder until the canonical emitter lands.
import type { CanonicalModel } from '../../model/types.ts';

export async function emitCanonical(_model: CanonicalModel): Promise<Map<string, string>> {
  return new Map();
}
