// The rules of canonical-model.yaml's sections (ids, enums, events, envelope) that its JSON Schema
// (model-schema.ts, checked first) cannot say: EVENTS.md's names, extension reasons, one namespace.
import type { JsonSchema } from '../schema/types.ts';
import { checkSchema, type SchemaContext } from './check-schema.ts';
import { SPEC_ENUMS, SPEC_EVENT_TYPES, SPEC_ID_KINDS } from './events-md.ts';
import type { Problems } from './problems.ts';
import type { CanonicalEnumDef, LifecycleRole, SourceLocation } from './types.ts';
import { pointerJoin, type YamlSource } from './yaml-source.ts';

/** canonical-model.yaml as its JSON Schema lets it be. */
export interface RawModel {
  ids: Record<string, string | { description: string; extension?: string }>;
  enums: Record<
    string,
    { description?: string; values: string[]; extensions?: Record<string, string>; extension?: string }
  >;
  definitions?: Record<string, Record<string, unknown>>;
  envelope: { description?: string; required: string[]; properties: Record<string, unknown> };
  events: Record<
    string,
    {
      payload?: string;
      schema?: Record<string, unknown>;
      description?: string;
      extension?: string;
      lifecycle?: { opens?: LifecycleRole['opens']; closes?: LifecycleRole['closes']; scope?: 'turn' };
    }
  >;
}

/** Names the emitted code defines itself; the model may not reuse them. */
const RESERVED_NAMES = [
  'CanonicalRuntimeEventType',
  'ProviderRuntimeEvent',
  'RuntimeEventBase',
  'RuntimeEventEnvelope',
  'RuntimeEventPayloadByType',
  'ProviderRuntimeEventOfType',
];

/** A one-line reason for something beyond EVENTS.md; reports and returns '' when it is empty. */
function reason(text: string | undefined, pointer: string, what: string, problems: Problems): string {
  if (text?.trim()) return text.trim();
  problems.add(
    pointer,
    'missing-reason',
    `${what} is an extension beyond EVENTS.md but has no reason`,
    'give it a one-line reason: which upstream message or real traffic needs it',
  );
  return '';
}

/** What is in EVENTS.md has no `extension:`; what is not needs its reason there. */
function extensionOf(
  inSpec: boolean,
  entry: { extension?: string },
  p: string,
  what: string,
  problems: Problems,
  hint = 'remove `extension:`',
): { extension?: string } {
  if (!inSpec) return { extension: reason(entry.extension, pointerJoin(p, 'extension'), what, problems) };
  if (entry.extension !== undefined)
    problems.add(pointerJoin(p, 'extension'), 'not-an-extension', `${what} is in EVENTS.md, not an extension`, hint);
  return {};
}

/** A description as the model keeps it, trimmed. */
const described = (entry: { description?: string }) =>
  entry.description !== undefined ? { description: entry.description.trim() } : {};

/** Every name EVENTS.md lists in a section is in the model's. */
function noneDropped(
  names: readonly string[],
  section: 'ids' | 'enums' | 'events',
  model: Record<string, unknown>,
  problems: Problems,
  say: (name: string) => [message: string, hint: string],
): void {
  for (const name of names) if (!(name in model)) problems.add(`/${section}`, 'spec-dropped', ...say(name));
}

export interface IdDesc {
  description: string;
  extension?: string;
}

export function readIds(ids: RawModel['ids'], problems: Problems): Record<string, IdDesc> {
  const out: Record<string, IdDesc> = {};
  for (const [name, raw] of Object.entries(ids)) {
    const entry = typeof raw === 'string' ? { description: raw } : raw;
    out[name] = {
      description: entry.description.trim(),
      ...extensionOf(SPEC_ID_KINDS.includes(name), entry, pointerJoin('/ids', name), `id kind "${name}"`, problems),
    };
  }
  noneDropped(SPEC_ID_KINDS, 'ids', ids, problems, (name) => [
    `id kind "${name}" from EVENTS.md §1.6 is missing`,
    `add \`${name}: <description>\` under \`ids:\``,
  ]);
  return out;
}

export function readEnums(
  enums: RawModel['enums'],
  source: YamlSource,
  problems: Problems,
): Record<string, CanonicalEnumDef> {
  const out: Record<string, CanonicalEnumDef> = {};
  for (const [name, entry] of Object.entries(enums)) {
    const p = pointerJoin('/enums', name);
    const spec = SPEC_ENUMS[name];
    const hint = 'remove `extension:`; list added values under `extensions:` instead';
    const def: CanonicalEnumDef = {
      name,
      values: [],
      extensions: {},
      loc: source.locate(p),
      ...described(entry),
      ...extensionOf(spec !== undefined, entry, p, `enum "${name}"`, problems, hint),
    };
    out[name] = def;

    const seen = new Map<string, string>();
    const once = (value: string, pointer: string): boolean => {
      if (seen.has(value)) {
        problems.add(
          pointer,
          'duplicate-enum-value',
          `enum "${name}" lists "${value}" twice (first at ${seen.get(value)})`,
          'remove one of them',
        );
        return false;
      }
      seen.set(value, `line ${source.locate(pointer).line}`);
      return true;
    };
    entry.values.forEach((value, i) => {
      if (once(value, pointerJoin(p, 'values', i))) def.values.push(value);
    });
    for (const [value, why] of Object.entries(entry.extensions ?? {})) {
      const vp = pointerJoin(p, 'extensions', value);
      if (!once(value, vp)) continue;
      def.values.push(value);
      if (spec?.includes(value))
        problems.add(
          vp,
          'not-an-extension',
          `"${value}" is one of EVENTS.md's ${name} values, not an extension`,
          'move it to `values:`',
        );
      else def.extensions[value] = reason(why, vp, `value "${value}" of ${name}`, problems);
    }
    for (const value of spec ?? []) {
      if (!def.values.includes(value))
        problems.add(
          pointerJoin(p, 'values'),
          'spec-dropped',
          `${name} value "${value}" from EVENTS.md is missing`,
          `add "${value}" to \`values:\`; the model may extend the spec but not drop from it`,
        );
    }
    for (const value of spec ? def.values : []) {
      if (!spec!.includes(value) && !(value in def.extensions))
        problems.add(
          pointerJoin(p, 'values'),
          'missing-reason',
          `${name} value "${value}" is not in EVENTS.md, so it is an extension without a reason`,
          `move it under \`extensions:\` as \`${value}: <one-line reason>\``,
        );
    }
  }
  noneDropped(Object.keys(SPEC_ENUMS), 'enums', enums, problems, (name) => [
    `enum "${name}" (EVENTS.md) is missing`,
    `add \`${name}:\` with its values under \`enums:\``,
  ]);
  return out;
}

export interface EventEntry {
  payloadName: string;
  variantName: string;
  schema?: Record<string, unknown>;
  description?: string;
  extension?: string;
  loc: SourceLocation;
}

export function readEvents(
  events: RawModel['events'],
  source: YamlSource,
  problems: Problems,
): Record<string, EventEntry> {
  const out: Record<string, EventEntry> = {};
  for (const [type, entry] of Object.entries(events)) {
    const p = pointerJoin('/events', type);
    if (entry.payload === undefined || entry.schema === undefined)
      problems.add(
        p,
        'missing-payload',
        `event type "${type}" has no payload`,
        'give it `payload: <Name>Payload` and `schema: { type: object, properties: {...} }` (a payload with no fields is `{ type: object, properties: {} }`)',
      );
    const payloadName = entry.payload ?? '';
    out[type] = {
      payloadName,
      variantName: payloadName.replace(/Payload$/, 'Event'),
      schema: entry.schema,
      loc: source.locate(p),
      ...described(entry),
      ...extensionOf(SPEC_EVENT_TYPES.includes(type), entry, p, `event type "${type}"`, problems),
    };
  }
  noneDropped(SPEC_EVENT_TYPES, 'events', events, problems, (type) => [
    `event type "${type}" from EVENTS.md §1.2 is missing`,
    `add \`${type}:\` with its payload under \`events:\``,
  ]);
  return out;
}

export function readEnvelope(
  envelope: RawModel['envelope'],
  ctx: SchemaContext,
): { description?: string; required: string[]; properties: Record<string, JsonSchema> } {
  // Read as one closed object schema, so the envelope follows the same rules as payloads.
  const { description, ...rest } = envelope;
  const schema = checkSchema({ type: 'object', ...rest }, '/envelope', '', ctx) as {
    properties: Record<string, JsonSchema>;
  };
  for (const key of ['type', 'payload']) {
    if (!(key in schema.properties) || !envelope.required.includes(key))
      ctx.problems.add(
        '/envelope',
        'bad-envelope',
        `the envelope must have a required "${key}" property`,
        `add "${key}" to \`properties:\` and \`required:\``,
      );
  }
  return {
    ...(description !== undefined ? { description } : {}),
    required: envelope.required,
    properties: schema.properties,
  };
}

export function collectNames(
  model: RawModel,
  events: Record<string, EventEntry>,
  source: YamlSource,
  problems: Problems,
): Set<string> {
  // name → where it was first declared ('' for names the emitted code defines itself)
  const owner = new Map<string, string>(RESERVED_NAMES.map((n) => [n, '']));
  const claim = (name: string, pointer: string): boolean => {
    if (!name) return false;
    const prev = owner.get(name);
    if (prev === undefined) {
      owner.set(name, `line ${source.locate(pointer).line}`);
      return true;
    }
    problems.add(
      pointer,
      'duplicate-name',
      `the name "${name}" is already used ${prev ? `(${prev})` : 'by the generated code'}`,
      'rename one of them: ids, enums, definitions and payloads share one namespace',
    );
    return false;
  };
  for (const section of ['ids', 'enums', 'definitions'] as const)
    for (const name of Object.keys(model[section] ?? {})) claim(name, pointerJoin(`/${section}`, name));
  for (const [type, ev] of Object.entries(events)) {
    // The variant name follows from the payload name: one report is enough.
    const at = pointerJoin('/events', type, 'payload');
    if (claim(ev.payloadName, at)) claim(ev.variantName, at);
  }
  // Refs may name anything declared, and the generated list of event types.
  return new Set([...owner.keys()].filter((n) => !RESERVED_NAMES.includes(n) || n === 'CanonicalRuntimeEventType'));
}
