// The canonical emitter: model IR → generated/canonical/ (types, lifecycle roles, JSON Schema, validators).
// Pure and deterministic: the same model gives byte-identical files on every run and machine.
import { stableJson } from '../../io/fsutil.ts';
import type { CanonicalModel } from '../../model/types.ts';
import { renderLifecycle } from './lifecycle-file.ts';
import { renderTypes } from './types-file.ts';
import { renderValidators } from './validators.ts';

/** Paths relative to generated/ → contents. */
export async function emitCanonical(model: CanonicalModel): Promise<Map<string, string>> {
  const { js, dts } = renderValidators(model);
  return new Map([
    ['canonical/schema.json', stableJson(model.schema, { sortKeys: true })],
    ['canonical/types.ts', renderTypes(model)],
    ['canonical/lifecycle.ts', renderLifecycle(model)],
    ['canonical/validate.d.ts', dts],
    ['canonical/validate.js', js],
  ]);
}
