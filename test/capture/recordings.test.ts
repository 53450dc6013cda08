// The pure parts of capture/ behind the recordings (the capture itself needs npm and a namespace
// and is not run by npm test): flaky model steps, the per-recording README, codex-sdk ids.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFixtureNote } from '../../capture/fixture-note.ts';
import { normaliseFixture } from '../../capture/normalise-fixture.ts';
import { pathRules } from '../../capture/normalise/paths.ts';
import { CAPTURE_SOURCES, scenarioNames } from '../../capture/sources.ts';
import { attemptOf, StepIds, stepFor, type ModelStep } from '../../capture/scenarios/types.ts';

describe('flaky model steps', () => {
  const fail: ModelStep = { kind: 'http-error', status: 500, message: 'x' };
  const ok: ModelStep = { kind: 'reply', text: 'ok', calls: [{ name: 'Bash', args: {} }] };

  it('fail the first `failures` requests of their step, then answer', () => {
    const ids = new StepIds();
    const step: ModelStep = { kind: 'flaky', failures: 2, fail, then: ok };
    const served = [0, 1, 2].map(() => attemptOf(step, ids.next('s', 0).attempt).kind);
    expect(served).toEqual(['http-error', 'http-error', 'reply']);
    expect(ids.next('s', 0).prefix).toBe('s_0_r3');
  });

  it('count the answer’s tool calls when locating the next step', () => {
    const steps: ModelStep[] = [
      { kind: 'flaky', fail, then: ok },
      { kind: 'reply', text: 'done' },
    ];
    expect(stepFor(steps, 1)?.index).toBe(1);
  });
});

describe('the recordings', () => {
  it('have scenario names unique within each source (the CLI and the model server key by them)', () => {
    // One scenario may be in several recordings (acp: one per agent), but a name is one scenario.
    for (const source of Object.values(CAPTURE_SOURCES))
      expect(new Set(source.recordings.flatMap((r) => r.scenarios)).size).toBe(scenarioNames(source).length);
  });
});

describe('the README of a version folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-note-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const source = CAPTURE_SOURCES['codex-app-server'];
  const note = (recording: string, recorded: string[]) =>
    writeFixtureNote(dir, {
      source,
      version: '9.9.9',
      recording,
      scenarios: [],
      summary: { recorded, skipped: [], requests: [], settings: {} },
      file: join(dir, `${recording}.both.jsonl`),
      bareFile: join(dir, `${recording}.server.jsonl`),
    });

  it('keeps one section per recording, in the source’s order, and rewrites only the one recorded', () => {
    note('unhappy', ['model_retry']);
    note('capture', ['chat']);
    const both = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(both.indexOf('## `capture.both.jsonl`')).toBeLessThan(both.indexOf('## `unhappy.both.jsonl`'));
    expect(both).toContain('- `model_retry`: ');
    note('capture', ['chat']);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(both);
    note('capture', ['shell']);
    const after = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(after).toContain('- `shell`: ');
    expect(after).not.toContain('- `chat`: ');
    expect(after).toContain('- `model_retry`: ');
    expect(readFileSync(join(dir, 'capture.cmd'), 'utf8')).toContain(
      'npm run capture -- codex-app-server@9.9.9 --recording capture\n',
    );
  });
});

describe('normaliseFixture on a bare codex-sdk stream', () => {
  it('keeps the records and their order, and gives the thread id one placeholder', () => {
    const thread = '019a0000-0000-7000-8000-00000000000a';
    const raw = [
      { type: 'thread.started', thread_id: thread },
      { type: 'turn.started' },
      { type: 'turn.completed', usage: {} },
      { type: 'thread.started', thread_id: thread },
      { type: 'turn.started' },
    ].map((e) => JSON.stringify(e));
    const out = normaliseFixture(raw, pathRules([['/tmp/x', '/home/dev']])).map(
      (l) => JSON.parse(l) as { type: string; thread_id?: string },
    );
    expect(out.map((e) => e.type)).toEqual([
      'thread.started',
      'turn.started',
      'turn.completed',
      'thread.started',
      'turn.started',
    ]);
    expect(new Set(out.flatMap((e) => (e.thread_id ? [e.thread_id] : [])))).toEqual(new Set(['thread-0001']));
  });
});
