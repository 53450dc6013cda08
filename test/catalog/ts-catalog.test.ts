// The TypeScript-sourced catalog rules on hand-made snapshots: nested unions, several subtypes,
// same-named members, unresolved members.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derefPointer } from '../../generator/schema/ref.ts';
import { stringLiterals, unionLeaves } from '../../generator/schema/unions.ts';
import { SnapshotReader } from '../../generator/catalog/snapshot-files.ts';
import { readTsSnapshot } from '../../generator/catalog/ts-catalog.ts';
import { tempDir, writeJson } from './helpers.ts';

const obj = (props: Record<string, unknown>, required = Object.keys(props)) => ({
  type: 'object',
  properties: props,
  required,
});
const lit = (v: string | boolean) => ({ const: v });
const ref = (name: string) => ({ $ref: `#/definitions/${name}` });

const DEFS = {
  Msg: { anyOf: [ref('User'), ref('Replay'), ref('Result'), ref('Sys'), ref('Ghost'), ref('Twin1'), ref('Twin2')] },
  User: obj({ type: lit('user'), text: { type: 'string' } }),
  Replay: obj({ type: lit('user'), isReplay: lit(true) }),
  Result: { anyOf: [ref('Ok'), ref('Err')] },
  Ok: obj({ type: lit('result'), subtype: lit('success') }),
  Err: obj({ type: lit('result'), subtype: { type: 'string', enum: ['error_a', 'error_b'] } }),
  Sys: obj({ type: lit('system'), subtype: lit('init') }),
  Ghost: { description: 'never declared' },
  Twin1: obj({ type: lit('twin') }),
  Twin2: obj({ type: lit('twin') }),
};

function snapshot(defs: Record<string, unknown> = DEFS): SnapshotReader {
  const dir = tempDir('eventmap-ts-catalog-');
  writeJson(join(dir, 's.schema.json'), { definitions: defs });
  writeJson(join(dir, 'surface.json'), {
    schema: 's.schema.json',
    declarations: ['x.d.ts'],
    unions: [
      {
        kind: 'sdk-message',
        type: 'Msg',
        pointer: '#/definitions/Msg',
        discriminant: 'type',
        subDiscriminant: 'subtype',
        members: ['User', 'Replay', 'Result', 'Sys', 'Ghost', 'Twin1', 'Twin2'],
      },
    ],
    unresolved: [{ name: 'Ghost', file: 'x.d.ts', line: 7 }],
    opaque: [],
  });
  return new SnapshotReader(dir, 'claude-agent-sdk');
}

describe('unionEntries', () => {
  const reader = snapshot();
  const { entries } = readTsSnapshot(reader, [], /^$/);

  it('gives one entry per discriminant value, flattening nested unions', () => {
    expect(entries.map((e) => e.name)).toEqual([
      'user',
      'user[isReplay]',
      'result:success',
      'result:error_a',
      'result:error_b',
      'system:init',
      'Ghost',
      'twin(Twin1)',
      'twin(Twin2)',
    ]);
  });

  it('records the declared type and the union member it came from', () => {
    const err = entries.find((e) => e.name === 'result:error_b')!;
    expect(err).toMatchObject({ pointer: '#/definitions/Err', meta: { typeName: 'Err', member: 'Result' } });
  });

  it('keeps an undeclared member, flagged, under its type name', () => {
    expect(entries.find((e) => e.name === 'Ghost')).toMatchObject({
      unresolved: true,
      meta: { declaredAt: 'x.d.ts:7' },
    });
  });
});

describe('schema unions and refs', () => {
  it('follows $ref chains and stops on cycles', () => {
    const doc = { definitions: { A: ref('B'), B: ref('C'), C: { type: 'string' }, X: ref('Y'), Y: ref('X') } };
    expect(derefPointer(doc, '#/definitions/A')).toBe('#/definitions/C');
    expect(['#/definitions/X', '#/definitions/Y']).toContain(derefPointer(doc, '#/definitions/X'));
  });

  it('reads const and enum literals', () => {
    expect(stringLiterals({ const: 'a' })).toEqual(['a']);
    expect(stringLiterals({ enum: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(stringLiterals({ enum: ['a', null] })).toEqual([]);
    expect(stringLiterals({ type: 'string' })).toEqual([]);
  });

  it('is undefined for something that is not a union', () => {
    expect(unionLeaves({ definitions: DEFS }, '#/definitions/User')).toBeUndefined();
  });
});
