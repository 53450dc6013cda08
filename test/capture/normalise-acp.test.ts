// The capture's ACP side that runs without a namespace: real codex-acp lines (test/capture/
// acp-codex-raw.jsonl, as the driver recorded them) normalised like the acp fixtures, and the
// crate version read out of a Rust binary's panic paths.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crateOf } from '../../capture/acp-agents.ts';
import { captureCommand } from '../../capture/fixture-note.ts';
import { normaliseFixture } from '../../capture/normalise-fixture.ts';
import { pathRules } from '../../capture/normalise/paths.ts';
import { CAPTURE_SOURCES } from '../../capture/sources.ts';

// prompt, permission request, its answer, the command's completion, the prompt's response
const raw = readFileSync(join(import.meta.dirname, 'acp-codex-raw.jsonl'), 'utf8').split('\n');
const out = normaliseFixture(raw, pathRules([['/tmp/eventmap-capture-acp-pMUgjk', '/home/dev']])).map(
  (l) => JSON.parse(l) as { dir: string; ts: string; line: string },
);
type Rpc = { id?: unknown; params?: { sessionId?: string; update?: Record<string, unknown> } };
const [prompt, asked, answered, completed, response] = out.map((r) => JSON.parse(r.line) as Rpc);

describe('normaliseFixture on ACP traffic', () => {
  it('gives the session id and the agent’s string JSON-RPC request id placeholders, the same in the answer', () => {
    expect(prompt!.params!.sessionId).toBe('session-0001');
    expect(asked!.params!.sessionId).toBe('session-0001');
    expect(asked!.id).toBe('id-0001');
    expect(answered!.id).toBe('id-0001');
    expect(response!.id).toBe(3); // the client's numeric ids are kept
  });

  it('normalises what codex-acp passes through from codex: turn and process ids, times, durations, paths', () => {
    const output = completed!.params!.update!.rawOutput as Record<string, unknown>;
    expect(output).toMatchObject({
      call_id: 'call_shell_approved_0_0', // chosen by the scripted model: stable
      process_id: 'proc-0001',
      turn_id: 'turn-0001',
      completed_at_ms: 1_767_225_660_000, // the first turn's minute
      cwd: '/home/dev/work',
      duration: { secs: 0, nanos: 0 },
    });
  });

  it('keeps `ts` an ISO time: the turn’s minute plus the record’s index in it', () => {
    expect(out.map((r) => r.ts)).toEqual([
      '2026-01-01T00:01:00.000Z',
      '2026-01-01T00:01:00.001Z',
      '2026-01-01T00:01:00.002Z',
      '2026-01-01T00:01:00.003Z',
      '2026-01-01T00:01:00.004Z',
    ]);
  });
});

describe('an acp recording', () => {
  it('is re-made by a command naming its agent', () => {
    expect(
      captureCommand({
        source: CAPTURE_SOURCES.acp,
        version: '2.4.0',
        recording: 'codex-acp',
        agent: { name: 'codex-acp', version: '0.16.0' },
        scenarios: [],
      }),
    ).toBe('npm run capture -- acp@2.4.0 --agent codex-acp@0.16.0');
  });

  const dir = mkdtempSync(join(tmpdir(), 'eventmap-crate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('names the agent-client-protocol crate a Rust agent was built with', () => {
    const binary = join(dir, 'agent');
    const path = (crate: string) => `/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/${crate}/src/rpc.rs`;
    writeFileSync(
      binary,
      `\0ELF${path('agent-client-protocol-0.14.0')}\0${path('agent-client-protocol-schema-0.13.6')}\0`,
    );
    expect(crateOf(binary)).toEqual({ name: 'agent-client-protocol', version: '0.14.0 (schema crate 0.13.6)' });
  });
});
