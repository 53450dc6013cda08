// The schema walker behind `eventmap diff`, on small schemas: refs, unions, allOf, arrays, maps,
// cycles and the depth limit; and how spec paths relate to changed paths.
import { describe, expect, it } from 'vitest';
import { isBelow, parentPath } from '../../generator/schema/field-path.ts';
import { MAX_DEPTH, schemaFields } from '../../generator/schema/fields.ts';
import { normalisePath, relation } from '../../generator/diff/spec-reads.ts';
import { parsePath } from '../../generator/mapping/load.ts';

/** Fields without their origin (tested on its own below). */
const fields = (schema: unknown, doc: unknown = schema) =>
  Object.fromEntries([...schemaFields(doc, schema)].map(([path, { origin: _o, ...info }]) => [path, info]));

describe('schemaFields', () => {
  it('follows $ref, marks required, and merges a nullable anyOf', () => {
    const doc = {
      type: 'object',
      required: ['turn'],
      properties: {
        turn: { $ref: '#/definitions/Turn' },
        note: { anyOf: [{ $ref: '#/definitions/Turn' }, { type: 'null' }] },
      },
      definitions: {
        Turn: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string' }, status: { enum: ['a', 'b'] } },
        },
      },
    };
    const f = fields(doc);
    expect(f['$.turn']).toEqual({ types: ['object'], required: true });
    expect(f['$.turn.id']).toEqual({ types: ['string'], required: true });
    expect(f['$.turn.status']).toEqual({ types: ['string'], required: false, values: ['a', 'b'] });
    expect(f['$.note']).toEqual({ types: ['null', 'object'], required: false });
    expect(f['$.note.id']).toEqual({ types: ['string'], required: true });
  });

  it('merges union members: required only where every object member requires it', () => {
    const f = fields({
      oneOf: [
        { type: 'object', required: ['type', 'x'], properties: { type: { const: 'a' }, x: { type: 'string' } } },
        { type: 'object', required: ['type'], properties: { type: { const: 'b' }, x: { type: 'integer' } } },
      ],
    });
    expect(f['$.type']).toEqual({ types: ['string'], required: true, values: ['a', 'b'] });
    expect(f['$.x']).toEqual({ types: ['integer', 'string'], required: false });
  });

  it('allOf adds requirements; arrays are [] and maps .*', () => {
    const f = fields({
      allOf: [
        {
          type: 'object',
          properties: {
            list: { type: 'array', items: { type: 'object', properties: { 'odd name': { type: 'boolean' } } } },
          },
        },
        { required: ['list'] },
      ],
      properties: { map: { type: 'object', additionalProperties: { type: 'number' } } },
    });
    expect(f['$.list']).toEqual({ types: ['array'], required: true });
    expect(f['$.list[]']).toEqual({ types: ['object'], required: true });
    expect(f['$.list[]["odd name"]']).toEqual({ types: ['boolean'], required: false });
    expect(f['$.map.*']).toEqual({ types: ['number'], required: false });
  });

  it('stops at a $ref cycle and at the depth limit', () => {
    const doc = {
      $ref: '#/definitions/Node',
      definitions: { Node: { type: 'object', properties: { next: { $ref: '#/definitions/Node' } } } },
    };
    const f = fields(doc);
    expect(f['$.next']).toEqual({ types: ['object'], required: false, truncated: 'cycle' });
    expect(Object.keys(f)).toEqual(['$', '$.next']);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_DEPTH + 5; i++) deep = { type: 'object', properties: { a: deep } };
    const paths = Object.keys(fields(deep));
    expect(paths).toHaveLength(MAX_DEPTH + 1);
    expect(fields(deep)[paths[paths.length - 1]!]!.truncated).toBe('depth');
  });

  it('adds the own properties of an enclosing union root', () => {
    const member = { type: 'object', properties: { method: { const: 'x' } } };
    const f = Object.fromEntries(
      schemaFields(
        {},
        member,
        { properties: { emittedAtMs: { type: 'integer' } } },
        { schema: 'notification x', extra: 'ServerNotification' },
      ),
    );
    expect(f['$.emittedAtMs']).toEqual({
      types: ['integer'],
      required: false,
      origin: { definition: 'ServerNotification', path: '$.emittedAtMs' },
    });
    expect(f['$.method']).toMatchObject({ values: ['x'], origin: { definition: 'notification x', path: '$.method' } });
  });

  it('names the definition that declares each field, and the path inside it', () => {
    const doc = {
      type: 'object',
      properties: {
        params: {
          type: 'object',
          properties: {
            turn: { $ref: '#/definitions/Turn' },
            turns: { type: 'array', items: { $ref: '#/definitions/Turn' } },
          },
        },
      },
      definitions: {
        Turn: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            error: { type: 'object', properties: { info: { $ref: '#/definitions/Info' } } },
          },
        },
        Info: { type: 'object', properties: { code: { type: 'string' } } },
      },
    };
    const origin = (path: string) => schemaFields(doc, doc, undefined, { schema: 'notification t' }).get(path)?.origin;
    expect(origin('$.params.turn')).toEqual({ definition: 'notification t', path: '$.params.turn' });
    expect(origin('$.params.turn.id')).toEqual({ definition: 'Turn', path: '$.id' });
    expect(origin('$.params.turns[].id')).toEqual({ definition: 'Turn', path: '$.id' });
    expect(origin('$.params.turn.error.info')).toEqual({ definition: 'Turn', path: '$.error.info' });
    expect(origin('$.params.turn.error.info.code')).toEqual({ definition: 'Info', path: '$.code' });
    // Declared by one member of a union: that one; by two: none.
    const merged = {
      anyOf: [{ $ref: '#/definitions/Turn' }, { $ref: '#/definitions/Info' }],
      definitions: doc.definitions,
    };
    expect(schemaFields(merged, merged).get('$.id')?.origin).toEqual({ definition: 'Turn', path: '$.id' });
    expect(
      schemaFields(
        {
          ...merged,
          definitions: { ...doc.definitions, Info: { type: 'object', properties: { id: { type: 'string' } } } },
        },
        merged,
      ).get('$.id')?.origin,
    ).toBeUndefined();
  });

  it('keeps the named values of an open enum, and says it is open', () => {
    const open = {
      anyOf: [
        { enum: ['a', 'b'], type: 'string' },
        { enum: ['c'], type: 'string' },
        { type: 'object', required: ['x'], properties: { x: {} } },
        { type: ['string', 'object'] },
      ],
    };
    expect(fields(open)['$']).toEqual({
      types: ['object', 'string'],
      required: true,
      values: ['a', 'b', 'c'],
      open: true,
    });
    expect(fields({ anyOf: open.anyOf.slice(0, 3) })['$']).toEqual({
      types: ['object', 'string'],
      required: true,
      values: ['a', 'b', 'c'],
    });
    expect(fields({ type: 'string' })['$']).toEqual({ types: ['string'], required: true });
    // allOf: open only when every part is (a ref to an enum beside `type: string` stays closed).
    expect(fields({ allOf: [{ enum: ['a'] }, { type: 'string' }] })['$']).toEqual({
      types: ['string'],
      required: true,
      values: ['a'],
    });
  });
});

describe('paths', () => {
  it('parent and below', () => {
    expect(parentPath('$.a.b[]')).toBe('$.a.b');
    expect(parentPath('$.a["x y"]')).toBe('$.a');
    expect(parentPath('$.a.*')).toBe('$.a');
    expect(parentPath('$')).toBeUndefined();
    expect(isBelow('$.ab', '$.a')).toBe(false);
    expect(isBelow('$.a.b', '$')).toBe(true);
  });

  it('spec paths normalise indexes to [] and relate to changed paths both ways', () => {
    expect(normalisePath(parsePath('$.params.content[0].text'))).toBe('$.params.content[].text');
    expect(relation('$.params.turn.id', '$.params.turn.id')).toBe('reads');
    expect(relation('$.params.turn.id', '$.params.turn')).toBe('reads-below');
    expect(relation('$.params', '$.params.turn.id')).toBe('passes-through');
    expect(relation('$.params.turnId', '$.params.turn')).toBeUndefined();
  });
});
