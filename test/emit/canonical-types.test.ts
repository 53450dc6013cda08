// The generated TypeScript: compiles under --strict (with a small consumer that narrows the union,
// checks id brands and uses the validators), has no `any`, and its compile-time check fails when
// the event types and the payload map disagree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitToTemp, removeTemp, type Emitted } from './canonical-emit-fixture.ts';

let emitted: Emitted;
let diagnostics: string[];
const broken = new Map<string, string>();

const CONSUMER = `
import type { ProviderRuntimeEvent, ProviderRuntimeEventOfType, RuntimeItemId, TurnId } from './types.ts';
import { CANONICAL_EVENT_TYPES, CANONICAL_ITEM_TYPES } from './types.ts';
import { PAYLOAD_VALIDATORS, validateProviderRuntimeEvent } from './validate.js';

export function summary(e: ProviderRuntimeEvent): string {
  switch (e.type) {
    case 'turn.completed':
      return e.payload.state;
    case 'content.delta':
      return e.payload.delta;
    case 'item.completed':
      return e.payload.itemType;
    default:
      return e.type;
  }
}
export function firstProblem(x: unknown): string | undefined {
  if (validateProviderRuntimeEvent(x)) return x.eventId;
  return validateProviderRuntimeEvent.errors?.[0]?.instancePath;
}
export function payloadOk(e: ProviderRuntimeEventOfType<'turn.completed'>): boolean {
  return PAYLOAD_VALIDATORS['turn.completed'](e.payload);
}
export const counts = [CANONICAL_EVENT_TYPES.length, CANONICAL_ITEM_TYPES.length];
const itemId = 'item-1' as RuntimeItemId;
// @ts-expect-error a plain string is not a branded id
export const plain: RuntimeItemId = 'item-1';
// @ts-expect-error ids of different kinds do not mix
export const wrongKind: TurnId = itemId;
`;

beforeAll(async () => {
  emitted = await emitToTemp();
  const root = emitted.dir;
  const types = emitted.files.get('canonical/types.ts')!;
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(root, 'canonical', 'consumer.ts'), CONSUMER);
  // Two broken copies: one event type loses its payload, one payload has no event type.
  const missing = types.replace(/^ {2}'turn\.aborted': TurnAbortedPayload;\n/m, '');
  const extra = types.replace(
    /^(export interface RuntimeEventPayloadByType \{\n)/m,
    "$1  'turn.finished': TurnAbortedPayload;\n",
  );
  expect(missing).not.toBe(types);
  expect(extra).not.toBe(types);
  for (const [dir, text] of [
    ['broken-missing', missing],
    ['broken-extra', extra],
  ] as const) {
    broken.set(dir, text);
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, 'types.ts'), text);
  }
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        lib: ['ES2022'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: [],
        skipLibCheck: false,
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        exactOptionalPropertyTypes: true,
      },
      include: ['canonical', 'broken-missing', 'broken-extra'],
    }),
  );
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
  });
  diagnostics = run.stdout.split('\n').filter((l) => / error TS\d+/.test(l));
});
afterAll(() => removeTemp(emitted));

describe('generated canonical types', () => {
  it('compile under --strict, with a consumer of the union, the brands and the validators', () => {
    expect(diagnostics.filter((d) => d.startsWith('canonical/'))).toEqual([]);
  });

  it('fail to compile when an event type has no payload, or a payload no event type', () => {
    const at = (dir: string) => diagnostics.filter((d) => d.startsWith(`${dir}/`));
    expect(at('broken-missing').join('\n')).toMatch(/"turn\.aborted"' does not satisfy the constraint 'never'/);
    expect(at('broken-extra').join('\n')).toMatch(/"turn\.finished"' does not satisfy the constraint 'never'/);
    // ...and the error points at the check that failed.
    const lineOf = (dir: string) =>
      at(dir).map((d) => broken.get(dir)!.split('\n')[Number(/\((\d+),/.exec(d)![1]) - 1]);
    expect(lineOf('broken-missing')).toEqual([expect.stringContaining('AssertNever<MissingPayloadTypes>')]);
    expect(lineOf('broken-extra')).toEqual([expect.stringContaining('AssertNever<ExtraPayloadTypes>')]);
  });

  it('contain no `any`', () => {
    for (const rel of ['canonical/types.ts', 'canonical/validate.d.ts']) {
      const file = ts.createSourceFile(rel, emitted.files.get(rel)!, ts.ScriptTarget.ES2022, true);
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (node.kind === ts.SyntaxKind.AnyKeyword)
          found.push(`${rel}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        ts.forEachChild(node, visit);
      };
      visit(file);
      expect(found, rel).toEqual([]);
    }
  });
});
