// The JSON Schema of canonical-model.yaml itself: its keys, names and the payload schemas' keywords,
// checked before the rules a schema cannot say (EVENTS.md, names, references: sections.ts, check-schema.ts).
import { LIFECYCLE_SUBJECTS } from './types.ts';

export const REF_PATTERN = /^#\/definitions\/([A-Za-z][A-Za-z0-9]*)$/;
const PRIMITIVE_TYPES = ['string', 'number', 'integer', 'boolean', 'null'];

const text = {
  type: 'string',
  pattern: '\\S',
  description: 'write one line of text (quote it if it contains `: ` or `#`)',
};
const name = {
  pattern: '^[A-Z][A-Za-z0-9]*$',
  description: 'a PascalCase name: letters and digits, starting with a capital, e.g. `TurnCompletedPayload`',
};
const enumValue = {
  type: 'string',
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
  description: 'use letters, digits, `_`, `.` or `-` (quote values YAML would read as numbers, booleans or null)',
};
/** An extension's reason: an empty one is a missing one (sections.ts says so). */
const reason = { type: 'string' };
const schema = { $ref: '#/definitions/Schema' };
const map = (values: object, names?: object) => ({
  type: 'object',
  ...(names ? { propertyNames: names } : {}),
  additionalProperties: values,
});
const closed = (properties: object, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

/** A payload schema's keys (its type is said where it is used: a schema, or a schema or a boolean). */
const SCHEMA_BODY = {
  additionalProperties: false,
  properties: {
    // A string names one type; a list, two or more primitive ones (pattern applies to strings only, items to lists).
    type: {
      type: ['string', 'array'],
      pattern: `^(?:${[...PRIMITIVE_TYPES, 'object', 'array'].join('|')})$`,
      minItems: 2,
      uniqueItems: true,
      items: { enum: PRIMITIVE_TYPES },
      description: `use one of ${[...PRIMITIVE_TYPES, 'object', 'array'].join(', ')}, or a list of primitive types such as [string, 'null']`,
    },
    description: text,
    extension: text,
    properties: map(schema),
    required: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string' },
      description: 'write `required: [name, other]`, each name once',
    },
    additionalProperties: { $ref: '#/definitions/SchemaOrBoolean' },
    items: schema,
    $ref: {
      type: 'string',
      pattern: REF_PATTERN.source,
      description: "write `$ref: '#/definitions/Name'` (quoted: `#` starts a YAML comment)",
    },
    pattern: { type: 'string', description: "quote the regular expression, e.g. `pattern: '^a+$'`" },
  },
  description: 'write `{}` for "any value", or a map such as `{ type: string }`',
};

/** The JSON Schema keywords a payload schema may use: those the TypeScript printer and the Ajv validators handle. */
export const SCHEMA_KEYWORDS = Object.keys(SCHEMA_BODY.properties);

export const MODEL_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  ...closed(
    {
      version: { const: 1, description: 'this eventmap reads `version: 1`' },
      // An id kind: its description, or a map with `description:` (and `extension:`).
      ids: map(
        { ...closed({ description: text, extension: reason }, ['description']), ...text, type: ['string', 'object'] },
        name,
      ),
      enums: map(
        closed(
          {
            description: text,
            values: { type: 'array', minItems: 1, items: enumValue },
            extensions: map(reason, enumValue),
            extension: reason,
          },
          ['values'],
        ),
        name,
      ),
      definitions: map(schema, name),
      envelope: closed(
        { description: text, required: { type: 'array', items: { type: 'string' } }, properties: map(schema) },
        ['required', 'properties'],
      ),
      events: map(
        closed({
          payload: {
            type: 'string',
            pattern: '^[A-Z][A-Za-z0-9]*Payload$',
            description: 'a PascalCase name ending in `Payload`, e.g. `TurnCompletedPayload`',
          },
          schema,
          description: text,
          extension: reason,
          lifecycle: closed({
            opens: { enum: LIFECYCLE_SUBJECTS },
            closes: { enum: LIFECYCLE_SUBJECTS },
            scope: { enum: ['turn'] },
          }),
        }),
        {
          pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*)+$',
          description:
            'write an event type as dotted lower-case words, like `turn.completed` or `thread.token-usage.updated`',
        },
      ),
    },
    ['version', 'ids', 'enums', 'envelope', 'events'],
  ),
  definitions: {
    Schema: { ...SCHEMA_BODY, type: 'object' },
    SchemaOrBoolean: { ...SCHEMA_BODY, type: ['object', 'boolean'] },
  },
} as const;
