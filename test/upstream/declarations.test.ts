// ts-morph reading of declaration files: hand-made cases, then the real files.
import { describe, expect, it } from 'vitest';
import {
  callbackParameters,
  findTypeAlias,
  importedModules,
  openDeclarations,
  stringTupleConst,
  undeclaredTypeNames,
  unionMemberNames,
} from '../../generator/upstream/ts-extract/declarations.ts';
import { fixtureText } from '../catalog/helpers.ts';

const open = (text: string) => openDeclarations([{ rel: 'x.d.ts', text }])[0]!;

describe('declarations (hand-made)', () => {
  const file = open(`
import type { Imported } from 'elsewhere';
export declare type A = { type: 'a' };
export declare type U = A | Imported | Missing;
export declare type NotAUnion = A;
export declare type Mixed = A | { type: 'b' };
export declare type Cb = (name: string, input: Record<string, unknown>, options?: { signal: AbortSignal; id: string }) => Promise<void>;
export declare type G<T> = { value: T; list: Array<T> };
export declare const NAMES: readonly ['Bash', 'Edit'];
`);

  it('lists the members of a union of references, in order', () => {
    expect(unionMemberNames(findTypeAlias(file, 'U')!)).toEqual(['A', 'Imported', 'Missing']);
    expect(unionMemberNames(findTypeAlias(file, 'NotAUnion')!)).toBeUndefined();
    expect(unionMemberNames(findTypeAlias(file, 'Mixed')!)).toBeUndefined();
  });

  it('finds names used but never declared (globals, imports and type parameters are declared)', () => {
    expect([...undeclaredTypeNames(file)]).toEqual([['Missing', 4]]);
  });

  it('reads a callback type’s parameters as written', () => {
    expect(callbackParameters(findTypeAlias(file, 'Cb')!)).toEqual([
      { name: 'name', optional: false, typeText: 'string' },
      { name: 'input', optional: false, typeText: 'Record<string, unknown>' },
      { name: 'options', optional: true, typeText: '{ signal: AbortSignal; id: string }', keys: ['signal', 'id'] },
    ]);
  });

  it('reads a const string tuple and the imported modules', () => {
    expect(stringTupleConst(file, 'NAMES')).toEqual(['Bash', 'Edit']);
    expect(stringTupleConst(file, 'NOPE')).toBeUndefined();
    expect(importedModules(file)).toEqual(['elsewhere']);
  });
});

describe('declarations (real sdk.d.ts)', () => {
  it.each([
    ['0.3.332', 40, []],
    [
      '0.2.62',
      20,
      [
        'SDKControlMcpAuthenticateRequest',
        'SDKControlMcpClearAuthRequest',
        'SDKPromptSuggestionMessage',
        'SDKRateLimitEvent',
      ],
    ],
  ])('%s: %i SDKMessage members; undeclared %j', (version, members, undeclared) => {
    const sdk = open(fixtureText('claude-agent-sdk', version, 'sdk.d.ts'));
    expect(unionMemberNames(findTypeAlias(sdk, 'SDKMessage')!)).toHaveLength(members);
    expect([...undeclaredTypeNames(sdk).keys()]).toEqual(undeclared);
  });

  it('0.3.332 lists its built-in tool names; 0.2.62 has no such list', () => {
    expect(
      stringTupleConst(open(fixtureText('claude-agent-sdk', '0.3.332', 'sdk.d.ts')), 'BUILTIN_TOOL_NAMES'),
    ).toContain('Bash');
    expect(
      stringTupleConst(open(fixtureText('claude-agent-sdk', '0.2.62', 'sdk.d.ts')), 'BUILTIN_TOOL_NAMES'),
    ).toBeUndefined();
  });
});
