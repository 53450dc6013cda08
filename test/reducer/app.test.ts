// An app's renderer (test/fixtures/reducer-app/render.ts) against the view: it compiles with
// tsc --strict with no cast, no `any` and no `unknown` (the view types carry what a UI shows), and
// renders every recording without knowing its provider.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { reduceEvents, type SessionView } from '../../runtime/reducer/index.ts';
import { renderSession } from '../fixtures/reducer-app/render.ts';
import { scratchDir } from '../scratch.ts';
import { RECORDED } from './recorded.ts';

const RENDER = join(import.meta.dirname, '..', 'fixtures', 'reducer-app', 'render.ts');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the renderer fixture', () => {
  const text = readFileSync(RENDER, 'utf8');

  it('compiles under tsc --strict (browser libs, no Node types)', () => {
    const dir = scratchDir('eventmap-reducer-app-');
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        noUncheckedIndexedAccess: true,
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        allowImportingTsExtensions: true,
        lib: ['es2023', 'dom'],
        types: [],
      },
      files: [RENDER],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    let out = '';
    try {
      execFileSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
        encoding: 'utf8',
      });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout ?? err);
    }
    expect(out).toBe('');
  });

  it('has no cast, no any and no unknown', () => {
    expect(text).not.toMatch(/\bas\s/);
    expect(text).not.toMatch(/\bany\b/);
    expect(text).not.toMatch(/\bunknown\b/);
    const source = ts.createSourceFile(RENDER, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isAsExpression(node) ||
        ts.isTypeAssertionExpression(node) ||
        ts.isNonNullExpression(node) ||
        node.kind === ts.SyntaxKind.AnyKeyword ||
        node.kind === ts.SyntaxKind.UnknownKeyword
      )
        found.push(node.getText(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(found).toEqual([]);
  });

  it('imports only the reducer subpath', () => {
    const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports).toEqual(['../../../runtime/reducer/index.ts']);
  });

  // A renderer trusts the types; an event the canonical validator rejects is a mapping's bug, which
  // test/conformance reports, so only valid events are rendered here.
  it.each(RECORDED.map((r) => [r.file, r] as const))('renders %s', (_file, r) => {
    const view = reduceEvents(r.events.filter((e) => validateProviderRuntimeEvent(JSON.parse(JSON.stringify(e)))));
    const lines = renderSession(view);
    const turns = view.threads.reduce((n, t) => n + t.turns.length, 0);
    expect(lines.filter((l) => l.trimStart().startsWith('## turn ')).length).toBe(turns);
  });

  it('renders what a session holds, the same for any provider', () => {
    const view = {
      threads: [
        {
          threadId: undefined,
          name: 'Fix it',
          usage: { usedTokens: 1200, maxTokens: 200000 },
          plan: { steps: [{ step: 'read', status: 'completed' as const }] },
          turns: [],
          items: [],
          requests: [],
          userInputs: [],
          tasks: [],
        },
      ],
      warnings: [],
      errors: [],
    };
    expect(renderSession(view)).toEqual(['# Fix it', 'context: 1200/200000 tokens', '  [x] read']);
  });

  it("shows times, models, usage and cost, and a subagent's items, thread and task under its call", () => {
    const id = (value: string): never => value as never;
    const lists = { items: [], requests: [], userInputs: [], tasks: [] };
    const view: SessionView = {
      threads: [
        {
          ...lists,
          threadId: id('t1'),
          usage: { usedTokens: 1200, maxTokens: 200000, inputTokens: 5000, outputTokens: 300 },
          turns: [
            {
              turnId: id('u1'),
              state: 'completed',
              model: 'm1',
              startedAt: '2026-01-01T00:00:01.000Z',
              completedAt: '2026-01-01T00:00:03.500Z',
              totalCostUsd: 0.0123,
              usage: { inputTokens: 4000, outputTokens: 200, costUsd: 0.0023, sessionCostUsd: 0.0123 },
              items: [
                {
                  itemId: id('p'),
                  itemType: 'collab_agent_tool_call',
                  status: 'completed',
                  title: 'Explore',
                  text: '',
                  toolState: 'output-available',
                  startedAt: '2026-01-01T00:00:01.000Z',
                  completedAt: '2026-01-01T00:00:03.000Z',
                  children: [{ itemId: id('c'), itemType: 'assistant_message', status: 'completed', text: 'found it' }],
                },
              ],
            },
          ],
          tasks: [
            {
              taskId: id('k'),
              state: 'completed',
              description: 'look around',
              subagentType: 'Explore',
              model: 'm2',
              itemId: id('p'),
            },
          ],
        },
        {
          ...lists,
          threadId: id('t2'),
          parentThreadId: id('t1'),
          parentItemId: id('p'),
          turns: [
            { turnId: id('u2'), state: 'running', model: 'm2', startedAt: '2026-01-01T00:00:02.000Z', items: [] },
          ],
        },
      ],
      warnings: [],
      errors: [],
      droppedWarnings: 3,
    };
    expect(renderSession(view)).toEqual([
      '# t1',
      'context: 1200/200000 tokens; 5000 in, 300 out so far',
      '## turn u1 (completed) m1, 00:00:01, 2.5 s, 4000 in / 200 out / $0.0023 / $0.0123 so far',
      'tool Explore [output-available, completed]  (00:00:01, 2.0 s)',
      '    assistant: found it',
      '    task look around (Explore on m2) [completed]',
      '    # t2',
      '    ## turn u2 (running) m2, since 00:00:02',
      '(3 earlier warnings not kept)',
    ]);
  });

  it('nests the subagent work of the recordings under the calls that spawned it', () => {
    let nested = 0;
    for (const r of RECORDED) {
      const view = reduceEvents(r.events);
      const lines = renderSession(view);
      const spawned = view.threads.filter((t) => t.parentItemId !== undefined);
      for (const t of spawned)
        expect(lines).toContain(`    # ${t.name ?? t.threadId}${t.state ? ` [${t.state}]` : ''}`);
      nested += spawned.length + lines.filter((l) => /^ {4,}(assistant|user|thinking|tool) /.test(l)).length;
    }
    expect(nested).toBeGreaterThan(0);
  });
});
