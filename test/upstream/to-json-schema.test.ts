// TypeScript → JSON Schema through ts-json-schema-generator, on a hand-made package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { valueDerivedImports } from '../../generator/upstream/ts-extract/opaque-imports.ts';
import { generateDefinitions } from '../../generator/upstream/ts-extract/to-json-schema.ts';
import { tempDir } from '../catalog/helpers.ts';

function scratchWith(files: Record<string, string>): { scratch: string; file: (rel: string) => string } {
  const scratch = tempDir('eventmap-tsjs-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(scratch, rel, '..'), { recursive: true });
    writeFileSync(join(scratch, rel), text);
  }
  return { scratch, file: (rel) => join(scratch, rel) };
}

const PKG = {
  'node_modules/lib/package.json': JSON.stringify({
    name: 'lib',
    type: 'module',
    exports: { '.': { types: './index.d.ts' } },
  }),
  'node_modules/lib/index.d.ts':
    'declare const S: { _o: { a: string } };\nexport type FromValue = (typeof S)["_o"];\nexport interface Shape { id: string }\n',
  'node_modules/pkg/package.json': JSON.stringify({ name: 'pkg', type: 'module', types: 'index.d.ts' }),
  'node_modules/pkg/index.d.ts': [
    "import type { FromValue, Shape } from 'lib';",
    '/** A member. */',
    "export declare type B = { type: 'b'; shape: Shape; run: () => void; n?: number | null };",
    "export declare type A = { type: 'a'; tags: string[] };",
    'export declare type U = B | A;',
    'export declare type V = { v: FromValue };',
    '',
  ].join('\n'),
};

describe('generateDefinitions', () => {
  it('converts the roots and what they reach, definitions sorted, callbacks kept as comments, objects open', () => {
    const { scratch, file } = scratchWith(PKG);
    const defs = generateDefinitions({
      scratch,
      expose: 'export',
      roots: [{ file: file('node_modules/pkg/index.d.ts'), name: 'U' }],
    });
    expect(Object.keys(defs)).toEqual(['A', 'B', 'Shape', 'U']);
    expect(defs.U).toEqual({ anyOf: [{ $ref: '#/definitions/B' }, { $ref: '#/definitions/A' }] });
    expect(defs.B).toMatchObject({
      type: 'object',
      description: 'A member.',
      properties: { type: { const: 'b' }, shape: { $ref: '#/definitions/Shape' } },
    });
    // A required callback must not turn B into `never` (which would drop it from U).
    expect((defs.B as { properties: Record<string, unknown> }).properties.run).toEqual({ $comment: '() => void' });
    expect(defs.B).not.toHaveProperty('additionalProperties');
    expect(
      JSON.stringify(
        generateDefinitions({
          scratch,
          expose: 'export',
          roots: [{ file: file('node_modules/pkg/index.d.ts'), name: 'U' }],
        }),
      ),
    ).toBe(JSON.stringify(defs));
  });

  it('reads NonNullable<T> as T without null (the lib declares it `T & {}`), keeping optionality', () => {
    const { scratch, file } = scratchWith({
      'node_modules/nn/package.json': JSON.stringify({ name: 'nn', type: 'module', types: 'index.d.ts' }),
      'node_modules/nn/index.d.ts':
        "interface U { n: number; m: number | null; t: 'a' | 'b' | null; o?: string | null }\nexport declare type NN = { [K in keyof U]: NonNullable<U[K]> };\n",
    });
    const defs = generateDefinitions({
      scratch,
      expose: 'export',
      roots: [{ file: file('node_modules/nn/index.d.ts'), name: 'NN' }],
    });
    expect(defs.NN).toEqual({
      type: 'object',
      properties: {
        n: { type: 'number' },
        m: { type: 'number' },
        t: { type: 'string', enum: ['a', 'b'] },
        o: { type: 'string' },
      },
      required: ['n', 'm', 't'],
    });
  });

  it('says which types it could not convert', () => {
    const { scratch, file } = scratchWith(PKG);
    expect(() =>
      generateDefinitions({
        scratch,
        expose: 'export',
        roots: [{ file: file('node_modules/pkg/index.d.ts'), name: 'Nope' }],
      }),
    ).toThrow(/declares no type `Nope`/);
  });
});

describe('valueDerivedImports', () => {
  it('finds imported types computed from values (typeof), and only those', () => {
    const { scratch, file } = scratchWith(PKG);
    expect(valueDerivedImports(file('node_modules/pkg/index.d.ts'), scratch).opaque).toEqual([
      { name: 'FromValue', from: 'lib', declared: '(typeof S)["_o"]' },
    ]);
  });
});
