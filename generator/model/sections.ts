// Reading each top-level section of canonical-model.yaml (ids, enums, events, envelope) into
// plain values, reporting what is wrong with each; load.ts assembles the IR from them.
import type { JsonSchema } from '../schema/types.ts';
import { checkSchema, type SchemaContext } from './check-schema.ts';
import { SPEC_ENUMS, SPEC_EVENT_TYPES, SPEC_ID_KINDS } from './events-md.ts';
import { didYouMean } from '../shared/did-you-mean.ts';
import { isObj } from '../schema/object.ts';
import { checkText, describeValue, type Problems } from './problems.ts';
import type { CanonicalEnumDef, SourceLocation } from './types.ts';
import { pointerJoin, type YamlSource } from './yaml-source.ts';

const ID_KEYS = ['description', 'extension'];
const ENUM_KEYS = ['description', 'values', 'extensions', 'extension'];
const EVENT_KEYS = ['payload', 'schema', 'description', 'extension', 'lifecycle'];
const ENVELOPE_KEYS = ['description', 'required', 'properties'];
/** Names the emitted code defines itself; the model may not reuse them. */
const RESERVED_NAMES = [
  'CanonicalRuntimeEventType',
  'ProviderRuntimeEvent',
  'RuntimeEventBase',
  'RuntimeEventEnvelope',
  'RuntimeEventPayloadByType',
  'ProviderRuntimeEventOfType',
];

const NAME = /^[A-Z][A-Za-z0-9]*$/;
const PAYLOAD_NAME = /^[A-Z][A-Za-z0-9]*Payload$/;
const EVENT_TYPE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*)+$/;
const ENUM_VALUE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function checkKeys(
  node: Record<string, unknown>,
  pointer: string,
  allowed: string[],
  required: string[],
  what: string,
  problems: Problems,
): void {
  for (const key of Object.keys(node)) {
    if (!allowed.includes(key)) {
      const guess = didYouMean(key, allowed);
      problems.add(
        pointerJoin(pointer, key),
        'unknown-key',
        `unknown key "${key}" in ${what}`,
        guess ? `did you mean "${guess}"?` : `allowed keys: ${allowed.join(', ')}`,
      );
    }
  }
  for (const key of required) {
    if (!(key in node)) problems.add(pointer, 'missing-key', `${what} has no "${key}"`, `add \`${key}:\` to ${what}`);
  }
}

export function mapOrEmpty(v: unknown, pointer: string, what: string, problems: Problems): Record<string, unknown> {
  if (v === undefined) return {};
  if (isObj(v)) return v;
  problems.add(
    pointer,
    'bad-structure',
    `\`${what}\` must be a map, found ${describeValue(v)}`,
    `write \`${what}:\` followed by indented \`Name: ...\` entries`,
  );
  return {};
}

function checkName(name: string, pointer: string, what: string, problems: Problems): void {
  if (!NAME.test(name))
    problems.add(
      pointer,
      'bad-name',
      `${what} name "${name}" is not PascalCase`,
      'use letters and digits, starting with a capital, e.g. `TurnCompletedPayload`',
    );
}

function readReason(v: unknown, pointer: string, what: string, problems: Problems): string {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  problems.add(
    pointer,
    'missing-reason',
    `${what} is an extension beyond EVENTS.md but has no reason`,
    'give it a one-line reason: which upstream message or real traffic needs it',
  );
  return '';
}

export interface IdDesc {
  description: string;
  extension?: string;
}

export function readIds(v: unknown, problems: Problems): Record<string, IdDesc> {
  const out: Record<string, IdDesc> = {};
  for (const [name, entry] of Object.entries(mapOrEmpty(v, '/ids', 'ids', problems))) {
    const p = pointerJoin('/ids', name);
    checkName(name, p, 'id kind', problems);
    if (typeof entry === 'string' || !isObj(entry)) {
      out[name] = { description: checkText(entry, p, problems) };
      if (!SPEC_ID_KINDS.includes(name)) readReason(undefined, p, `id kind "${name}"`, problems);
      continue;
    }
    checkKeys(entry, p, ID_KEYS, ['description'], `id kind "${name}"`, problems);
    out[name] = { description: checkText(entry.description, pointerJoin(p, 'description'), problems) };
    if (SPEC_ID_KINDS.includes(name)) {
      if ('extension' in entry)
        problems.add(
          pointerJoin(p, 'extension'),
          'not-an-extension',
          `id kind "${name}" is in EVENTS.md, not an extension`,
          'remove `extension:`',
        );
    } else
      out[name]!.extension = readReason(entry.extension, pointerJoin(p, 'extension'), `id kind "${name}"`, problems);
  }
  // Missing spec entries are only worth listing when the section itself could be read.
  if (isObj(v))
    for (const name of SPEC_ID_KINDS) {
      if (!(name in out))
        problems.add(
          '/ids',
          'spec-dropped',
          `id kind "${name}" from EVENTS.md §1.6 is missing`,
          `add \`${name}: <description>\` under \`ids:\``,
        );
    }
  return out;
}

export function readEnums(v: unknown, source: YamlSource, problems: Problems): Record<string, CanonicalEnumDef> {
  const out: Record<string, CanonicalEnumDef> = {};
  for (const [name, entry] of Object.entries(mapOrEmpty(v, '/enums', 'enums', problems))) {
    const p = pointerJoin('/enums', name);
    checkName(name, p, 'enum', problems);
    const def: CanonicalEnumDef = { name, values: [], extensions: {}, loc: source.locate(p) };
    out[name] = def;
    if (!isObj(entry)) {
      problems.add(
        p,
        'bad-structure',
        `enum "${name}" must be a map with \`values:\`, found ${describeValue(entry)}`,
        'write `values: [a, b]` under the enum name',
      );
      continue;
    }
    checkKeys(entry, p, ENUM_KEYS, ['values'], `enum "${name}"`, problems);
    if ('description' in entry) def.description = checkText(entry.description, pointerJoin(p, 'description'), problems);
    const spec = SPEC_ENUMS[name];
    if (spec === undefined)
      def.extension = readReason(entry.extension, pointerJoin(p, 'extension'), `enum "${name}"`, problems);
    else if ('extension' in entry)
      problems.add(
        pointerJoin(p, 'extension'),
        'not-an-extension',
        `enum "${name}" is in EVENTS.md, not an extension`,
        'remove `extension:`; list added values under `extensions:` instead',
      );

    const seen = new Map<string, string>();
    const addValue = (value: unknown, pointer: string): value is string => {
      if (typeof value !== 'string' || !ENUM_VALUE.test(value)) {
        problems.add(
          pointer,
          'bad-enum-value',
          `enum value ${JSON.stringify(value)} is not a plain string`,
          'use letters, digits, `_`, `.` or `-` (quote values YAML would read as numbers, booleans or null)',
        );
        return false;
      }
      if (seen.has(value)) {
        problems.add(
          pointer,
          'duplicate-enum-value',
          `enum "${name}" lists "${value}" twice (first at ${seen.get(value)})`,
          'remove one of them',
        );
        return false;
      }
      const loc = source.locate(pointer);
      seen.set(value, `line ${loc.line}`);
      return true;
    };
    const values = entry.values;
    if (!Array.isArray(values) || values.length === 0) {
      problems.add(
        pointerJoin(p, 'values'),
        'bad-structure',
        `\`values\` of enum "${name}" must be a non-empty list`,
        'write `values: [a, b]`',
      );
    } else {
      values.forEach((value, i) => {
        if (addValue(value, pointerJoin(pointerJoin(p, 'values'), i))) def.values.push(value as string);
      });
    }
    for (const [value, reason] of Object.entries(
      mapOrEmpty(entry.extensions, pointerJoin(p, 'extensions'), 'extensions', problems),
    )) {
      const vp = pointerJoin(pointerJoin(p, 'extensions'), value);
      if (!addValue(value, vp)) continue;
      if (spec && spec.includes(value)) {
        problems.add(
          vp,
          'not-an-extension',
          `"${value}" is one of EVENTS.md's ${name} values, not an extension`,
          'move it to `values:`',
        );
        def.values.push(value);
        continue;
      }
      def.extensions[value] = readReason(reason, vp, `value "${value}" of ${name}`, problems);
      def.values.push(value);
    }
    if (spec) {
      for (const value of spec) {
        if (!def.values.includes(value))
          problems.add(
            pointerJoin(p, 'values'),
            'spec-dropped',
            `${name} value "${value}" from EVENTS.md is missing`,
            `add "${value}" to \`values:\`; the model may extend the spec but not drop from it`,
          );
      }
      for (const value of def.values) {
        if (!spec.includes(value) && !(value in def.extensions)) {
          problems.add(
            pointerJoin(p, 'values'),
            'missing-reason',
            `${name} value "${value}" is not in EVENTS.md, so it is an extension without a reason`,
            `move it under \`extensions:\` as \`${value}: <one-line reason>\``,
          );
        }
      }
    }
  }
  // Missing spec entries are only worth listing when the section itself could be read.
  if (isObj(v))
    for (const name of Object.keys(SPEC_ENUMS)) {
      if (!(name in out))
        problems.add(
          '/enums',
          'spec-dropped',
          `enum "${name}" (EVENTS.md) is missing`,
          `add \`${name}:\` with its values under \`enums:\``,
        );
    }
  return out;
}

export interface EventEntry {
  payloadName: string;
  variantName: string;
  schema?: unknown;
  description?: string;
  extension?: string;
  loc: SourceLocation;
}

export function readEvents(v: unknown, source: YamlSource, problems: Problems): Record<string, EventEntry> {
  const out: Record<string, EventEntry> = {};
  for (const [type, entry] of Object.entries(mapOrEmpty(v, '/events', 'events', problems))) {
    const p = pointerJoin('/events', type);
    const loc = source.locate(p);
    if (!EVENT_TYPE.test(type))
      problems.add(
        p,
        'bad-event-type',
        `event type "${type}" is not dotted lower-case words`,
        'write it like `turn.completed` or `thread.token-usage.updated`',
      );
    if (!isObj(entry) || !('payload' in entry) || !('schema' in entry)) {
      problems.add(
        p,
        'missing-payload',
        `event type "${type}" has no payload`,
        'give it `payload: <Name>Payload` and `schema: { type: object, properties: {...} }` (a payload with no fields is `{ type: object, properties: {} }`)',
      );
      if (!isObj(entry)) {
        out[type] = { payloadName: '', variantName: '', loc };
        continue;
      }
    }
    checkKeys(entry, p, EVENT_KEYS, [], `event "${type}"`, problems);
    const payloadName = typeof entry.payload === 'string' ? entry.payload : '';
    const validName = PAYLOAD_NAME.test(payloadName);
    if ('payload' in entry && !validName) {
      problems.add(
        pointerJoin(p, 'payload'),
        'bad-name',
        `payload name ${JSON.stringify(entry.payload)} must be a PascalCase name ending in "Payload"`,
        `e.g. \`payload: ${pascal(type)}Payload\``,
      );
    }
    const ev: EventEntry = {
      payloadName: validName ? payloadName : '',
      variantName: validName ? payloadName.replace(/Payload$/, 'Event') : '',
      schema: entry.schema,
      loc,
    };
    if ('description' in entry) ev.description = checkText(entry.description, pointerJoin(p, 'description'), problems);
    if (SPEC_EVENT_TYPES.includes(type)) {
      if ('extension' in entry)
        problems.add(
          pointerJoin(p, 'extension'),
          'not-an-extension',
          `event type "${type}" is in EVENTS.md, not an extension`,
          'remove `extension:`',
        );
    } else
      ev.extension = readReason(
        entry.extension,
        'extension' in entry ? pointerJoin(p, 'extension') : p,
        `event type "${type}"`,
        problems,
      );
    out[type] = ev;
  }
  // Missing spec entries are only worth listing when the section itself could be read.
  if (isObj(v))
    for (const type of SPEC_EVENT_TYPES) {
      if (!(type in out))
        problems.add(
          '/events',
          'spec-dropped',
          `event type "${type}" from EVENTS.md §1.2 is missing`,
          `add \`${type}:\` with its payload under \`events:\``,
        );
    }
  return out;
}

export function readEnvelope(
  v: unknown,
  ctx: SchemaContext,
): { description?: string; required: string[]; properties: Record<string, JsonSchema> } {
  const { problems } = ctx;
  if (!isObj(v)) {
    problems.add(
      '/envelope',
      'bad-structure',
      `\`envelope\` must be a map, found ${describeValue(v)}`,
      'write `envelope:` with `required:` and `properties:`',
    );
    return { required: [], properties: {} };
  }
  checkKeys(v, '/envelope', ENVELOPE_KEYS, ['required', 'properties'], '`envelope`', problems);
  // Read as one closed object schema, so the envelope follows the same rules as payloads.
  const { description, ...rest } = v;
  const schema = checkSchema({ type: 'object', ...rest }, '/envelope', '', ctx) as Record<string, unknown>;
  const properties = (isObj(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const key of ['type', 'payload']) {
    if (!(key in properties) || !required.includes(key))
      problems.add(
        '/envelope',
        'bad-envelope',
        `the envelope must have a required "${key}" property`,
        `add "${key}" to \`properties:\` and \`required:\``,
      );
  }
  return { ...(typeof description === 'string' ? { description } : {}), required, properties };
}

export function collectNames(
  ids: Record<string, unknown>,
  enums: Record<string, unknown>,
  definitions: Record<string, unknown>,
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
  for (const name of Object.keys(ids)) claim(name, pointerJoin('/ids', name));
  for (const name of Object.keys(enums)) claim(name, pointerJoin('/enums', name));
  for (const name of Object.keys(definitions)) {
    checkName(name, pointerJoin('/definitions', name), 'definition', problems);
    claim(name, pointerJoin('/definitions', name));
  }
  for (const [type, ev] of Object.entries(events)) {
    // The variant name follows from the payload name: one report is enough.
    if (claim(ev.payloadName, pointerJoin(pointerJoin('/events', type), 'payload')))
      claim(ev.variantName, pointerJoin(pointerJoin('/events', type), 'payload'));
  }
  // Refs may name anything declared, and the generated list of event types.
  return new Set([...owner.keys()].filter((n) => !RESERVED_NAMES.includes(n) || n === 'CanonicalRuntimeEventType'));
}

function pascal(type: string): string {
  return type
    .split(/[.-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}
