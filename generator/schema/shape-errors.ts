// Ajv's errors for a YAML file checked against its JSON Schema (mapping-spec.yaml, canonical-model.yaml),
// as diagnostics that say where (file:line:col), what and how to fix it. One rule for both files.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { guessHint } from '../shared/did-you-mean.ts';
import type { Diagnostic } from '../shared/diagnostics.ts';
import { escapeSegment, unescapeSegment } from './pointer.ts';

export type NodePath = (string | number)[];

/** Ajv's options for a shape check: every error, each carrying its schema (for the keys allowed there). */
export const SHAPE_AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

/** `schema` compiled with those options; Ajv loads on first use, so a command that checks no shape never loads it. */
export function compileShape(schema: object): ValidateFunction {
  const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
  return new Ajv(SHAPE_AJV_OPTIONS).compile(schema);
}

export interface ShapeRules<L> {
  /** The diagnostic codes' prefix: `spec`, `model`. */
  prefix: string;
  /** Where the node at `path` is; `key`: its key, better for "unknown key". */
  locate(path: NodePath, key: boolean): L;
  /** The hint when nothing more precise is known. */
  fallbackHint: string;
  /** The file's own wording for an error, where the generic one would say less. */
  special?(e: ErrorObject, path: NodePath, allowedKeys: string[]): Omit<Diagnostic, 'file'> | undefined;
}

export function shapeDiagnostics<L>(errors: ErrorObject[], rules: ShapeRules<L>): (Diagnostic & L)[] {
  return pickErrors(errors).map((e) => {
    const path: NodePath = e.instancePath.split('/').slice(1).map(unescapeSegment);
    const d = rules.special?.(e, path, allowedKeys(errors, e.instancePath)) ?? generic(e, path, errors, rules);
    const key = e.keyword === 'additionalProperties' || e.keyword === 'propertyNames';
    return { ...d, ...rules.locate(key ? [...path, String(Object.values(e.params)[0])] : path, key) };
  });
}

/** The node an error is about: an unknown key's own path, else where Ajv found it. */
const subject = (e: ErrorObject) =>
  e.keyword === 'additionalProperties'
    ? `${e.instancePath}/${escapeSegment(String((e.params as { additionalProperty: string }).additionalProperty))}`
    : e.instancePath;

/**
 * Ajv reports every failed branch of a oneOf; an error with a deeper one below it is such a branch,
 * and the deeper one says what is really wrong. An unknown key explains whatever else fails at its
 * object (a required key it was meant to be): one cause, one error.
 */
function pickErrors(errors: ErrorObject[]): ErrorObject[] {
  const subjects = errors.map(subject);
  const unknownKeyAt = new Set(errors.filter((e) => e.keyword === 'additionalProperties').map((e) => e.instancePath));
  // A oneOf branch that does not fit: a key another branch allows is not unknown, and a branch that
  // does not even allow the key an error deeper down is under is not the one meant.
  const allowedByABranch = (e: ErrorObject) => {
    if (e.keyword !== 'additionalProperties') return false;
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    if (allowedKeys(errors, e.instancePath).includes(key)) return true;
    const props = (e.parentSchema as { properties?: object } | undefined)?.properties ?? {};
    return errors.some((d) => {
      if (!d.instancePath.startsWith(`${e.instancePath}/`)) return false;
      return !Object.hasOwn(props, unescapeSegment(d.instancePath.slice(e.instancePath.length + 1).split('/')[0]!));
    });
  };
  const seen = new Set<string>();
  return errors
    .filter(
      (e) =>
        !allowedByABranch(e) &&
        !(e.keyword !== 'additionalProperties' && unknownKeyAt.has(e.instancePath)) &&
        !subjects.some((s) => s.startsWith(`${subject(e)}/`)) &&
        e.keyword !== 'oneOf' &&
        e.keyword !== 'anyOf' &&
        e.keyword !== 'if' &&
        // A bad property name is reported once, by its propertyNames error (Ajv adds the inner one too).
        (e.keyword === 'propertyNames' || !('propertyName' in e)),
    )
    .filter((e) => {
      const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, 20);
}

/** The keys the schema allows at `instancePath`: the `properties` of every branch that has an opinion there. */
function allowedKeys(errors: ErrorObject[], instancePath: string): string[] {
  const keys = new Set<string>();
  for (const e of errors) {
    const props =
      e.instancePath === instancePath && e.keyword === 'additionalProperties'
        ? (e.parentSchema as { properties?: object } | undefined)?.properties
        : undefined;
    for (const k of Object.keys(props ?? {})) keys.add(k);
  }
  return [...keys];
}

function generic<L>(
  e: ErrorObject,
  path: NodePath,
  errors: ErrorObject[],
  rules: ShapeRules<L>,
): Omit<Diagnostic, 'file'> {
  const where = path.join('.') || '(top level)';
  if (e.keyword === 'additionalProperties') {
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    const allowed = allowedKeys(errors, e.instancePath);
    return {
      code: `${rules.prefix}/unknown-key`,
      message: `unknown key \`${key}\` in ${where}`,
      hint: guessHint(
        key,
        allowed,
        allowed.length ? `the keys allowed here are: ${allowed.join(', ')}` : rules.fallbackHint,
      ),
    };
  }
  if (e.keyword === 'required') {
    const prop = String((e.params as { missingProperty: string }).missingProperty);
    return { code: `${rules.prefix}/missing-key`, message: `${where} needs \`${prop}\``, hint: `add \`${prop}:\`` };
  }
  if (e.keyword === 'enum') {
    const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
    return {
      code: `${rules.prefix}/wrong-type`,
      message: `${where}: ${e.message ?? 'invalid'}`,
      hint: guessHint(String(e.data), allowed, `use one of: ${allowed.join(', ')}`),
    };
  }
  return {
    code: `${rules.prefix}/wrong-type`,
    message: `${where}: ${e.message ?? 'invalid'}`,
    hint: rules.fallbackHint,
  };
}
