// Placeholder until the model loader lands.
import { EventmapError } from '../diagnostics.ts';
import type { CanonicalModel } from './types.ts';

export function loadModel(file: string): CanonicalModel {
  throw new EventmapError({ code: 'model/not-implemented', message: 'the canonical model loader is not implemented yet', file });
}
