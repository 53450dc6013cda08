// The shape check of mapping-spec.yaml (its JSON Schema, SPEC_SCHEMA) with Ajv. The installed
// package ships it compiled (Ajv standalone code, written by packages/eventmap/build.ts beside the
// bundle), so the CLI neither loads Ajv nor compiles the schema at every start; a checkout, or a
// shipped validator of another schema, compiles it here. Same options, so the same errors.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { sha256, stableJson } from '../io/fsutil.ts';
import { compileShape, SHAPE_AJV_OPTIONS } from '../schema/shape-errors.ts';
import { SPEC_SCHEMA } from './spec-schema.ts';

/** The shipped file's name, in the folder of the bundle's code. */
export const SHAPE_VALIDATOR = 'spec-shape-validator.cjs';

const load = createRequire(import.meta.url);
type AjvModule = typeof import('ajv');
let validator: ValidateFunction | undefined;

/** The compiled shape check (loaded or compiled on first use). */
export function shapeValidator(): ValidateFunction {
  validator ??= shipped() ?? compileShape(SPEC_SCHEMA);
  return validator;
}

function shipped(): ValidateFunction | undefined {
  try {
    const file = fileURLToPath(new URL(`./${SHAPE_VALIDATOR}`, import.meta.url));
    const validate = load(file) as ValidateFunction & { specSchemaSha256?: unknown };
    return validate.specSchemaSha256 === schemaHash() ? validate : undefined;
  } catch {
    return undefined; // none shipped: a checkout
  }
}

const schemaHash = () => sha256(stableJson(SPEC_SCHEMA));

/** For the package build: the standalone validator into `dir` (the bundle's lib/). */
export function writeShapeValidator(dir: string): void {
  const { Ajv } = load('ajv') as AjvModule;
  const standalone = (load('ajv/dist/standalone') as { default: (ajv: unknown, v: unknown) => string }).default;
  const ajv = new Ajv({ ...SHAPE_AJV_OPTIONS, code: { source: true } });
  const code = standalone(ajv, ajv.compile(SPEC_SCHEMA));
  writeFileSync(
    join(dir, SHAPE_VALIDATOR),
    `// Ajv standalone code of mapping-spec.yaml's schema (generator/mapping/shape-validator.ts), written by packages/eventmap/build.ts.\n${code}\nmodule.exports.specSchemaSha256 = ${JSON.stringify(schemaHash())};\n`,
  );
}
