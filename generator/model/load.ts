// Read canonical-model.yaml into the CanonicalModel IR: its shape first (model-schema.ts), then every
// rule a schema cannot say, reported together; each problem with file:line:col, what is wrong and
// how to fix it (EventmapError, exit 2).
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchema } from '../schema/types.ts';
import { EventmapError, type Diagnostic } from '../shared/diagnostics.ts';
import { ownRecord } from '../shared/own-record.ts';
import { guessHint } from '../shared/did-you-mean.ts';
import { compileShape, shapeDiagnostics, type NodePath } from '../schema/shape-errors.ts';
import { checkSchema, extensionNote, type SchemaContext } from './check-schema.ts';
import { readLifecycleRoles } from './lifecycle-roles.ts';
import { MODEL_SCHEMA, SCHEMA_KEYWORDS } from './model-schema.ts';
import { Problems } from './problems.ts';
import { collectNames, readEnums, readEnvelope, readEvents, readIds, type RawModel } from './sections.ts';
import type { CanonicalEnumDef, CanonicalEventDef, CanonicalModel, SourceLocation } from './types.ts';
import { pointerJoin, readYaml, type YamlSource } from './yaml-source.ts';
import { readRegularText } from '../io/safe-read.ts';

export const SCHEMA_ID = 'urn:eventmap:canonical';

/** Ids are trimmed non-empty strings (EVENTS.md §1.1 TrimmedNonEmptyString): this definition. */
const ID_BASE = 'TrimmedNonEmptyString';

export function loadModel(file: string): CanonicalModel {
  return parseModel(readModelText(file), file);
}

export function readModelText(file: string): string {
  try {
    return readRegularText(file);
  } catch (err) {
    if (err instanceof EventmapError) throw err; // a link or a pipe, named as such
    throw new EventmapError({
      code: 'model/not-found',
      message: `cannot read the canonical model (${err instanceof Error ? err.message : String(err)})`,
      hint: 'run eventmap from the project root, or pass --root; the model lives in canonical-model.yaml',
      file,
    });
  }
}

/** Parse and check model text; `file` is only used to report locations. */
export function parseModel(text: string, file: string): CanonicalModel {
  const source = readYaml(text, file);
  checkShape(source);
  const root = source.data as RawModel;
  const problems = new Problems(source);
  const ids = readIds(root.ids, problems);
  const enums = readEnums(root.enums, source, problems);
  const definitions = root.definitions ?? {};
  const events = readEvents(root.events, source, problems);
  const lifecycle = readLifecycleRoles(root.events, problems);

  const names = collectNames(root, events, source, problems);
  const locations: Record<string, SourceLocation> = {};
  const ctx: SchemaContext = { source, problems, names, referenced: new Set(), locations };
  const irDefs: Record<string, JsonSchema> = {};

  for (const [name, desc] of Object.entries(ids)) {
    irDefs[name] = {
      $ref: `#/definitions/${ID_BASE}`,
      description: desc.description + (desc.extension ? ` ${extensionNote(desc.extension)}` : ''),
    };
    locations[`/definitions/${name}`] = source.locate(pointerJoin('/ids', name));
  }
  if (Object.keys(ids).length > 0) {
    ctx.referenced.add(ID_BASE);
    if (!(ID_BASE in definitions))
      problems.add(
        '/definitions',
        'missing-definition',
        `id kinds are ${ID_BASE}s, but \`definitions\` has no ${ID_BASE}`,
        `add \`${ID_BASE}: { type: string, pattern: ... }\` under \`definitions:\``,
      );
  }
  for (const e of Object.values(enums)) {
    irDefs[e.name] = enumSchema(e);
    locations[`/definitions/${e.name}`] = e.loc!;
  }
  irDefs.CanonicalRuntimeEventType = {
    type: 'string',
    enum: Object.keys(events),
    description: 'Every canonical event type (EVENTS.md §1.2, plus extensions).',
  };
  for (const [name, schema] of Object.entries(definitions)) {
    irDefs[name] = checkSchema(schema, pointerJoin('/definitions', name), pointerJoin('/definitions', name), ctx);
  }
  const envelope = readEnvelope(root.envelope, ctx);
  const eventDefs = ownRecord<CanonicalEventDef>();
  for (const [type, ev] of Object.entries(events)) {
    const schemaPointer = pointerJoin('/events', type, 'schema');
    const payloadSchema = checkSchema(ev.schema ?? {}, schemaPointer, `/definitions/${ev.payloadName}`, ctx);
    const notes = [
      `Payload of \`${type}\`.`,
      ev.description,
      ev.extension ? extensionNote(ev.extension) : undefined,
      payloadSchema.description as string | undefined,
    ];
    irDefs[ev.payloadName] = { ...payloadSchema, description: notes.filter(Boolean).join(' ') };
    irDefs[ev.variantName] = {
      type: 'object',
      description: `The \`${type}\` event.`,
      required: ['type', 'payload'],
      properties: { type: { const: type }, payload: { $ref: `#/definitions/${ev.payloadName}` } },
    };
    locations[`/definitions/${ev.variantName}`] = ev.loc;
    eventDefs[type] = {
      type,
      payload: { $ref: `#/definitions/${ev.payloadName}` },
      ...(ev.extension ? { extension: ev.extension } : {}),
      loc: ev.loc,
      payloadName: ev.payloadName,
      variantName: ev.variantName,
      ...(ev.description ? { description: ev.description } : {}),
    };
  }
  // Only worth saying when nothing else is wrong: a broken event leaves its definitions unused.
  for (const name of problems.list.length === 0 ? Object.keys(definitions) : []) {
    if (!ctx.referenced.has(name))
      problems.add(
        pointerJoin('/definitions', name),
        'unused-definition',
        `definition "${name}" is not used by any event, the envelope or another definition`,
        'reference it with `$ref`, or remove it',
      );
  }
  problems.throwIfAny();

  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_ID,
    title: 'ProviderRuntimeEvent',
    description: envelope.description,
    type: 'object',
    required: envelope.required,
    properties: envelope.properties,
    additionalProperties: false,
    // Ajv's discriminator picks the one branch by `type`; other validators fall back to oneOf.
    discriminator: { propertyName: 'type' },
    oneOf: Object.values(events).map((ev) => ({ $ref: `#/definitions/${ev.variantName}` })),
    definitions: irDefs,
  };
  return {
    file,
    eventTypes: Object.keys(events),
    events: eventDefs,
    enums: ownRecord(Object.values(enums).map((e) => [e.name, e] as const)),
    idKinds: Object.keys(ids),
    schema,
    idDescriptions: Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v.description])),
    locations,
    lifecycle,
  };
}

function enumSchema(e: CanonicalEnumDef): JsonSchema {
  const notes = [e.description, e.extension ? extensionNote(e.extension) : undefined];
  const ext = Object.entries(e.extensions);
  if (ext.length > 0) notes.push(`Extensions (not in EVENTS.md): ${ext.map(([v, why]) => `${v}: ${why}`).join(' ')}`);
  const description = notes.filter(Boolean).join(' ');
  return { type: 'string', enum: e.values, ...(description ? { description } : {}) };
}

let validateShape: ValidateFunction | undefined;

/** The model's keys, names and schema keywords (model-schema.ts), every mistake located. */
function checkShape(source: YamlSource): void {
  validateShape ??= compileShape(MODEL_SCHEMA);
  if (validateShape(source.data)) return;
  const problems = new Problems(source);
  problems.list.push(
    ...shapeDiagnostics(validateShape.errors ?? [], {
      prefix: 'model',
      locate: (path) => source.locate(pointerJoin('', ...path)),
      fallbackHint: "see docs/canonical-model.md for the file's shape",
      special: modelWording,
    }),
  );
  problems.throwIfAny();
}

/** Where the model says more than the generic wording: schema keywords, names, and the hints its schema carries. */
function modelWording(e: ErrorObject, path: NodePath): Omit<Diagnostic, 'file'> | undefined {
  const where = path.join('.') || '(top level)';
  const hint = (e.keyword === 'propertyNames' ? e.schema : e.parentSchema) as { description?: string } | undefined;
  if (
    e.keyword === 'additionalProperties' &&
    Object.values<unknown>(MODEL_SCHEMA.definitions).includes(e.parentSchema)
  ) {
    const key = String((e.params as { additionalProperty: string }).additionalProperty);
    return {
      code: 'model/unknown-keyword',
      message: `"${key}" is not a schema keyword the model supports`,
      hint: keywordHint(key),
    };
  }
  if (e.keyword === 'propertyNames')
    return {
      code: 'model/bad-name',
      message: `${JSON.stringify((e.params as { propertyName: string }).propertyName)} in ${where} is not a valid name`,
      hint: hint?.description ?? '',
    };
  if (['additionalProperties', 'required', 'enum'].includes(e.keyword) || !hint?.description) return undefined;
  return {
    code: path[0] === 'events' && path[2] === 'payload' && path.length === 3 ? 'model/bad-name' : 'model/bad-value',
    message: `${where}: ${e.message ?? 'invalid'}`,
    hint: hint.description,
  };
}

function keywordHint(key: string): string {
  if (key === 'enum' || key === 'const')
    return "declare the values as a named enum under `enums:` and use `$ref: '#/definitions/Name'`";
  if (key === 'minLength' || key === 'maxLength')
    return "use `pattern` (length keywords would make the validators import Ajv's unicode helper at run time)";
  if (key === 'title') return "names come from the definition key or the event's `payload:`; remove `title`";
  return guessHint(key, SCHEMA_KEYWORDS, `the supported keywords are: ${SCHEMA_KEYWORDS.join(', ')}`);
}
