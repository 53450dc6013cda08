// The JSON Schema of mapping-spec.yaml itself: checks the file's shape before any semantic check,
// and is written to generated/mapping-spec.schema.json so editors complete and check the file.
import { SOURCE_NAMES } from '../project/sources.ts';

const valueExpr = { $ref: '#/definitions/ValueExpr' };
const pathString = {
  type: 'string',
  pattern: '^\\$(\\.[^.\\[\\]]+|\\[\\d+\\])*$',
  description: 'A path into the upstream message: `$` is the message, e.g. `$.params.turn.id`.',
};

/** A value-map name: an identifier (it names constants in the generated mappers). */
export const VALUE_MAP_NAME = '^[A-Za-z][A-Za-z0-9_]{0,63}$';

export const SPEC_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://eventmap.dev/mapping-spec.schema.json',
  title: 'eventmap mapping spec',
  description: 'Upstream discriminant → canonical event(s), or ignore with a reason. See docs/mapping-spec.md.',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'sources', 'mappings'],
  properties: {
    version: { const: 1, description: 'Format version of this file.' },
    recordings: {
      type: 'string',
      minLength: 1,
      description:
        'A folder of recordings (JSONL captures, relative to this file) that `eventmap diff --spec` replays with the mapping of each revision.',
    },
    sources: {
      type: 'object',
      description: 'The upstream sources this spec maps, with the snapshots it supports at once.',
      propertyNames: { enum: [...SOURCE_NAMES] },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['provider', 'snapshots'],
        properties: {
          provider: { type: 'string', description: 'The canonical ProviderKind of events from this source.' },
          snapshots: {
            type: 'array',
            minItems: 1,
            items: { type: 'string' },
            description: 'Versions under upstream-schemas/<source>/ this spec supports.',
          },
        },
      },
    },
    valueMaps: {
      type: 'object',
      description: 'Named translations from upstream values to canonical enum values.',
      // The name becomes part of an identifier in the generated mappers.
      propertyNames: { pattern: VALUE_MAP_NAME },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['to', 'values'],
        properties: {
          source: { enum: [...SOURCE_NAMES], description: 'The source whose upstream values the map translates.' },
          from: {
            type: 'string',
            description: 'Instead of `source`: a canonical enum whose values the map translates, for every source.',
          },
          covers: {
            description:
              'The upstream values the map must cover: a catalog enum, or the names of a catalog entry kind.',
            oneOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['enum'],
                properties: { enum: { type: 'string' } },
              },
              {
                type: 'object',
                additionalProperties: false,
                required: ['kind'],
                properties: { kind: { type: 'string' } },
              },
            ],
          },
          to: { type: 'string', description: 'The canonical enum the values land in.' },
          values: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
          default: { type: 'string', description: 'Canonical value for upstream values added after the snapshots.' },
          undeclared: {
            type: 'object',
            additionalProperties: { type: ['string', 'null'] },
            description:
              'Values real traffic carries that no supported snapshot declares (a census finds them); not checked for staleness.',
          },
          prefixes: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description:
              'Name prefix → canonical value, for open name spaces such as `mcp__<server>__<tool>`; an exact entry in `values` wins.',
          },
        },
      },
    },
    mappings: {
      type: 'object',
      propertyNames: { enum: [...SOURCE_NAMES] },
      additionalProperties: {
        type: 'object',
        description: 'Catalog entry kind → discriminant → mapping.',
        additionalProperties: { type: 'object', additionalProperties: { $ref: '#/definitions/Entry' } },
      },
    },
  },
  definitions: {
    Entry: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['ignore'],
          properties: {
            ignore: {
              type: 'string',
              minLength: 3,
              description: 'Why this discriminant is deliberately not a runtime event.',
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          anyOf: [{ required: ['emit'] }, { required: ['after'] }, { required: ['before'] }],
          properties: {
            emit: { type: 'array', minItems: 1, items: { $ref: '#/definitions/Emit' } },
            response: {
              type: 'array',
              minItems: 1,
              items: { $ref: '#/definitions/Emit' },
              description: "Server requests: events for the client's JSON-RPC response.",
            },
            before: {
              type: 'array',
              minItems: 1,
              items: { type: 'string' },
              description: 'Runtime helpers to run before the emits (e.g. open a synthetic turn).',
            },
            after: {
              type: 'array',
              minItems: 1,
              items: { type: 'string' },
              description: 'Runtime helpers to run after the emits (an entry may consist of helpers alone).',
            },
            ignoreFields: {
              type: 'object',
              propertyNames: { pattern: '^\\$' },
              additionalProperties: { type: 'string', minLength: 3 },
              description:
                'Upstream fields ($.path → reason) deliberately not mapped: closes spec/new-field-fits-slot.',
            },
          },
        },
      ],
    },
    Emit: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { type: 'string', description: 'A canonical event type, e.g. turn.completed.' },
        when: { $ref: '#/definitions/Condition' },
        ids: {
          type: 'object',
          additionalProperties: false,
          properties: { thread: valueExpr, turn: valueExpr, item: valueExpr, request: valueExpr },
          description: 'Provider ids; canonical ids are derived from them and the originals go to providerRefs.',
        },
        payload: { type: 'object', additionalProperties: valueExpr },
      },
    },
    Condition: {
      type: 'object',
      additionalProperties: false,
      required: ['path'],
      properties: { path: pathString, equals: {}, in: { type: 'array' }, present: { type: 'boolean' } },
      oneOf: [{ required: ['equals'] }, { required: ['in'] }, { required: ['present'] }],
    },
    ValueExpr: {
      description:
        'A `$.path`, a constant, or {path, map, since, until, absentIn} | {const} | {helper, args} | {first: [...]}.',
      oneOf: [
        { type: 'string', pattern: '^\\$', allOf: [pathString] },
        { type: 'string', pattern: '^[^$]' },
        { type: 'string', maxLength: 0 },
        { type: ['number', 'boolean', 'null'] },
        {
          type: 'object',
          additionalProperties: false,
          required: ['path'],
          properties: {
            path: pathString,
            map: { type: 'string' },
            since: {
              type: 'string',
              description:
                'First version that has this path (semver); older supported versions lack it and the field is left out there.',
            },
            until: {
              type: 'string',
              description:
                'Last version that has this path (semver); newer versions lack it and the field is left out there.',
            },
            absentIn: {
              type: 'array',
              items: { type: 'string' },
              description:
                'Exact supported versions known not to have this path (prefer since/until, which need no edit on the next release).',
            },
          },
        },
        { type: 'object', additionalProperties: false, required: ['const'], properties: { const: {} } },
        {
          type: 'object',
          additionalProperties: false,
          required: ['helper'],
          properties: { helper: { type: 'string' }, args: { type: 'array', items: valueExpr } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['first'],
          properties: { first: { type: 'array', minItems: 2, items: valueExpr } },
        },
      ],
    },
  },
} as const;
