// The JSON-Schema rules every stage shares (generator/schema/), one table of given → want rows
// per rule: JSON pointers, `$ref`s, unions and their literals, field paths.
import { describe, expect, it } from 'vitest';
import { memberSlot, unionSlots } from '../../generator/schema/branches.ts';
import { childPath, isBelow, parentPath } from '../../generator/schema/field-path.ts';
import {
  definitionName,
  escapeSegment,
  getAtPointer,
  joinPointer,
  pointerSegments,
  unescapeSegment,
} from '../../generator/schema/pointer.ts';
import { derefPointer, isLocalRef, refPointer, resolveRef } from '../../generator/schema/ref.ts';
import { parseDefinitionRef } from '../../generator/schema/traverse.ts';
import { literalOf, memberPointers, stringLiterals, unionLeaves } from '../../generator/schema/unions.ts';

describe('JSON pointers (RFC 6901)', () => {
  it.each([
    ['plain', 'plain'],
    ['a/b', 'a~1b'],
    ['a~b', 'a~0b'],
    ['~1', '~01'], // `~` first, so an escaped `/` is not read back as one
  ])('segment %j escapes to %j and back', (given, want) => {
    expect(escapeSegment(given)).toBe(want);
    expect(unescapeSegment(want)).toBe(given);
  });

  it.each([
    ['#', []],
    ['', []],
    ['#/', []],
    ['#/definitions/Turn', ['definitions', 'Turn']],
    ['/properties/a~1b/items', ['properties', 'a/b', 'items']],
    ['#/oneOf/0', ['oneOf', '0']],
  ])('segments of %j: %j', (given, want) => expect(pointerSegments(given)).toEqual(want));

  it.each([
    [['#', 'definitions', 'Turn'], '#/definitions/Turn'],
    [['#/', 'oneOf', 2], '#/oneOf/2'],
    [['#/properties', 'a/b'], '#/properties/a~1b'],
  ])('join %j: %j', ([base, ...segments], want) => expect(joinPointer(base as string, ...segments!)).toBe(want));

  it.each([
    ['#/definitions/Turn', 'Turn'],
    ['#/$defs/Turn', 'Turn'],
    ['#/definitions/A~1B', 'A/B'],
    ['#/definitions/Turn/properties/id', undefined],
    ['#/properties/x', undefined],
  ])('definition name of %j: %j', (given, want) => expect(definitionName(given)).toBe(want));

  const doc = { definitions: { 'a/b': { x: [10, 20] }, n: null } };
  it.each([
    ['#', doc],
    ['#/definitions/a~1b/x/1', 20],
    ['#/definitions/n/deeper', undefined],
    ['#/missing', undefined],
  ])('%j in a document: %j', (given, want) => expect(getAtPointer(doc, given)).toEqual(want));
});

describe('$ref', () => {
  it.each([
    ['#/definitions/A', true],
    ['#', true],
    ['other.json#/definitions/A', false],
    ['https://example.com/s.json', false],
  ])('%j is local: %j', (given, want) => expect(isLocalRef(given)).toBe(want));

  it.each([
    ['#/definitions/A', '#/definitions/A'],
    ['#/definitions/A%20B', '#/definitions/A B'],
    ['#/definitions/100%', '#/definitions/100%'], // does not decode: read as written
  ])('the pointer %j names: %j', (given, want) => expect(refPointer(given)).toBe(want));

  it.each([
    ['#/definitions/Turn', { container: 'definitions', name: 'Turn', rest: '' }],
    ['#/$defs/A%20B/properties/x', { container: '$defs', name: 'A B', rest: '/properties/x' }],
    ['#/definitions/A~1B', { container: 'definitions', name: 'A/B', rest: '' }],
    ['#/properties/x', undefined],
  ])('%j as a definition ref: %j', (given, want) => expect(parseDefinitionRef(given)).toEqual(want));

  const doc = {
    definitions: {
      A: { $ref: '#/definitions/B' },
      B: { $ref: '#/definitions/C' },
      C: { type: 'string' },
      Loop: { $ref: '#/definitions/Loop2' },
      Loop2: { $ref: '#/definitions/Loop' },
      Away: { $ref: 'other.json#/X' },
    },
  };
  it.each([
    ['#/definitions/A', '#/definitions/C'],
    ['#/definitions/C', '#/definitions/C'],
    ['#/definitions/Loop', '#/definitions/Loop2'], // stops on the node that closes the cycle
    ['#/definitions/Away', '#/definitions/Away'], // a ref out of the document is not followed
  ])('a chain from %j ends on %j', (given, want) => expect(derefPointer(doc, given)).toBe(want));

  it.each([
    [{ $ref: '#/definitions/A' }, { type: 'string' }],
    [{ type: 'number' }, { type: 'number' }],
    [{ $ref: '#/definitions/Away' }, undefined],
    [{ $ref: '#/definitions/Nowhere' }, undefined],
  ])('%j resolves to %j', (given, want) => expect(resolveRef(doc, given)).toEqual(want));
});

describe('unions', () => {
  it.each([
    [
      { oneOf: [{}, {}], anyOf: [{}] },
      [
        ['oneOf', 0],
        ['oneOf', 1],
        ['anyOf', 0],
      ],
    ],
    [{ allOf: [{}] }, []],
    [{ type: 'string' }, []],
    ['not a schema', []],
  ])('member slots of %j: %j', (given, want) => expect(unionSlots(given)).toEqual(want));

  it.each([
    ['#/definitions/M/oneOf/3', { container: '#/definitions/M', key: 'oneOf', index: 3 }],
    ['#/anyOf/0', { container: '#', key: 'anyOf', index: 0 }],
    ['#/definitions/M/allOf/0', undefined],
    ['#/definitions/M', undefined],
  ])('%j stands at %j', (given, want) => expect(memberSlot(given)).toEqual(want));

  it.each([
    [{ const: 'a' }, ['a'], 'a'],
    [{ enum: ['a'] }, ['a'], 'a'],
    [{ enum: ['a', 'b'] }, ['a', 'b'], undefined],
    [{ enum: ['a', 1] }, [], undefined],
    [{ enum: [] }, [], undefined],
    [{ type: 'string' }, [], undefined],
  ])('%j pins %j (the one literal: %j)', (given, literals, literal) => {
    expect(stringLiterals(given)).toEqual(literals);
    expect(literalOf(given)).toBe(literal);
  });

  const doc = {
    oneOf: [{ $ref: '#/definitions/Result' }, { $ref: '#/definitions/User' }],
    definitions: {
      Result: { anyOf: [{ $ref: '#/definitions/Ok' }, { $ref: '#/definitions/Err' }] },
      Ok: { type: 'object' },
      Err: { type: 'object' },
      User: { type: 'object' },
      Alias: { $ref: '#' },
    },
  };
  it('lists the members of a union at a pointer, not followed', () =>
    expect(memberPointers(doc, '#')).toEqual(['#/oneOf/0', '#/oneOf/1']));

  it.each([
    [
      '#',
      [
        { pointer: '#/definitions/Ok', top: '#/definitions/Result', index: 0 },
        { pointer: '#/definitions/Err', top: '#/definitions/Result', index: 0 },
        { pointer: '#/definitions/User', top: '#/definitions/User', index: 1 },
      ],
    ],
    ['#/definitions/User', undefined],
  ])('leaves of the union at %j: %j', (given, want) => expect(unionLeaves(doc, given)).toEqual(want));

  it('follows a $ref to the union it names', () =>
    expect(unionLeaves(doc, '#/definitions/Alias')).toEqual(unionLeaves(doc, '#')));
});

describe('field paths', () => {
  it.each([
    ['$', 'id', '$.id'],
    ['$.params', 'thread_id', '$.params.thread_id'],
    ['$', 'odd name', '$["odd name"]'],
    ['$', '1st', '$["1st"]'],
    ['$.a', 'x-y', '$.a.x-y'],
  ])('%j below %j: %j', (parent, name, want) => expect(childPath(parent, name)).toBe(want));

  it.each([
    ['$.a.b', '$.a'],
    ['$.a.b[]', '$.a.b'],
    ['$.map.*', '$.map'],
    ['$["odd name"].x', '$["odd name"]'],
    ['$["odd name"]', '$'],
    ['$', undefined],
  ])('the parent of %j: %j', (given, want) => expect(parentPath(given)).toBe(want));

  it.each([
    ['$.a.b', '$.a', true],
    ['$.a[]', '$.a', true],
    ['$.ab', '$.a', false],
    ['$.a', '$.a', false],
    ['$.a', '$.a.b', false],
  ])('%j below %j: %j', (path, ancestor, want) => expect(isBelow(path, ancestor)).toBe(want));
});
