// canonical/validate.js (+ validate.d.ts): Ajv standalone validators that need no Ajv at run time.
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import type { CanonicalModel } from '../../model/types.ts';
import { docLine, ident, lit, trustedOutput } from '../emission.ts';
import { renderTemplate } from './templates.ts';
import { isObj, type Obj } from '../../schema/object.ts';
import { definitionName } from '../../schema/pointer.ts';

/**
 * The model schema as Ajv should compile it: one schema per definition, each with its own `$id`
 * and refs rewritten to those ids, so Ajv compiles each definition once and the exported payload
 * validators are the very functions the event validator calls (exporting `#/definitions/...`
 * would compile them a second time). To keep the module small, annotations are dropped and
 * aliases (ids, item.* payloads) point straight at their target. The root becomes the envelope
 * alone: its `oneOf` over 46 variants compiles to ~75 KB, where choosing the payload validator by
 * `type` (validateProviderRuntimeEvent in the template) takes ten lines and checks the same thing.
 */
export function ajvSchemas(model: CanonicalModel): {
  schemas: Obj[];
  idOf: (name: string) => string;
  target: (name: string) => string;
} {
  const rootId = String(model.schema.$id);
  const defs = model.schema.definitions as Record<string, Obj>;
  const variants = new Set(Object.values(model.events).map((e) => e.variantName));
  const isAlias = (s: Obj | undefined) =>
    !!s && typeof s.$ref === 'string' && Object.keys(s).every((k) => k === '$ref' || k === 'description');
  const target = (name: string): string => {
    for (let n = name, i = 0; i < 32; i++) {
      const def = defs[n];
      if (!isAlias(def)) return n;
      n = definitionName(String(def!.$ref)) ?? String(def!.$ref);
    }
    throw new Error(`alias cycle at ${name}`);
  };
  const idOf = (name: string) => `${rootId}:${target(name)}`;
  // Walk schema keywords only: a property may itself be called "description".
  const rewrite = (node: unknown): unknown => {
    if (!isObj(node)) return node;
    if (typeof node.$ref === 'string') return { $ref: idOf(definitionName(node.$ref) ?? node.$ref) };
    const out: Obj = {};
    for (const [k, v] of Object.entries(node)) {
      if (['description', 'title', '$schema', 'definitions', 'discriminator', 'oneOf'].includes(k)) continue;
      if (k === 'properties')
        out[k] = Object.fromEntries(Object.entries(v as Obj).map(([p, sub]) => [p, rewrite(sub)]));
      else if (k === 'items' || k === 'additionalProperties') out[k] = rewrite(v);
      else out[k] = v;
    }
    return out;
  };
  const schemas: Obj[] = [{ ...(rewrite(model.schema) as Obj), $id: `${rootId}:${ENVELOPE}` }];
  for (const [name, schema] of Object.entries(defs)) {
    if (!variants.has(name) && !isAlias(schema))
      schemas.push({ $id: `${rootId}:${name}`, ...(rewrite(schema) as Obj) });
  }
  return { schemas, idOf, target };
}

/** The name of the envelope-only validator (the root schema without its per-type `oneOf`). */
export const ENVELOPE = 'RuntimeEventEnvelope';

export function renderValidators(model: CanonicalModel): { js: string; dts: string } {
  const ajv = new Ajv({
    code: { esm: true, source: true, lines: true },
    discriminator: true, // one branch per event, chosen by `type`, with a precise error
    allowUnionTypes: true, // [string, 'null']
    strict: true,
    inlineRefs: false, // every definition is one shared function: smaller code, exportable
  });
  const { schemas, idOf, target } = ajvSchemas(model);
  for (const schema of schemas) ajv.addSchema(schema);

  const payloads = model.eventTypes.map((type) => {
    const name = model.events[type]!.payloadName!;
    return { type, name, target: target(name) };
  });
  // Ajv exports each compiled function once (a second export would declare it twice); payloads
  // that are aliases (item.*) are exported under their own names by the template.
  const exports: Record<string, string> = { [`validate${ENVELOPE}`]: idOf(ENVELOPE) };
  for (const p of payloads) exports[`validate${p.target}`] = idOf(p.name);
  // A CommonJS module: its default import is module.exports, whose `.default` is the function.
  const code = standalone.default(ajv, exports);

  // The module must run with no Ajv installed: refuse code that imports Ajv's runtime helpers
  // (ucs2length for length keywords, fast-deep-equal for object enums/const, uniqueItems...).
  const dependency = /\brequire\s*\(|^\s*import\s|\bfrom\s*["']/m.exec(code);
  if (dependency)
    throw new Error(
      `the canonical validators would need a run-time dependency (${dependency[0].trim()}...); keep the model to keywords Ajv compiles inline`,
    );

  const views = payloads.map((p) => ({
    type: lit(p.type, "'"),
    name: ident(p.name),
    validator: ident(`validate${p.name}`),
    targetValidator: ident(`validate${p.target}`),
    doc: docLine(`Checks the payload of \`${p.type}\`.`),
    alias: p.target !== p.name,
  }));
  const aliases = views.filter((v) => v.alias);
  const js = renderTemplate(
    'validate.js.hbs',
    { ajvCode: trustedOutput(code.trim(), 'ajv'), payloads: views, aliases },
    'Ajv standalone code',
  );
  const dts = renderTemplate('validate.d.ts.hbs', { payloads: views });
  return { js, dts };
}
