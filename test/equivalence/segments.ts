// A recording cut into its scenarios: the input lines each scenario's prompt opened, up to the next
// prompt. The scenario is read from the prompt the app sent (its `SCENARIO:<name>` marker: a Codex
// `turn/start`, an ACP `session/prompt`, the Claude driver's `send_prompt` record). A turn the app
// starts with no prompt (Codex `thread/compact/start`), and each run of the Codex SDK, whose stream
// carries no prompt (`turn.started`), take the next scenario the version folder's README lists for
// the recording.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';
import type { Msg, Recording } from '../parity/recording.ts';

export interface Segment {
  scenario: string;
  /** Input lines [from, to). */
  from: number;
  to: number;
}

const MARK = /SCENARIO:([a-z0-9_]+)/;
const NEXT = '';

/** The recording's name: its file name up to the first dot (`capture`, `claude-agent-acp`). */
export const recordingName = (r: Recording): string => basename(r.file).split('.')[0]!;

/** The scenario a line opens: its marker, `next` for a turn started without a prompt, or nothing. */
function promptOf(r: Recording, i: number): string | undefined {
  const m = r.messages[i]!;
  if (r.source === 'codex-sdk') return m.type === 'turn.started' ? NEXT : undefined;
  if (r.source === 'claude-agent-sdk') return m.kind === 'meta' && m.what === 'send_prompt' ? m.scenario : undefined;
  if (r.dirs[i] !== 'c2s') return undefined;
  if (m.method === 'thread/compact/start') return NEXT;
  const parts = (
    m.method === 'turn/start' ? m.params?.input : m.method === 'session/prompt' ? m.params?.prompt : []
  ) as Msg[] | undefined;
  for (const p of parts ?? []) {
    const hit = typeof p.text === 'string' ? MARK.exec(p.text) : null;
    if (hit) return hit[1];
  }
  return undefined;
}

/** The scenarios a version folder's README lists for a recording, in order. */
function listedScenarios(r: Recording): string[] {
  const readme = readFileSync(join(TRANSCRIPTS_ROOT, dirname(r.file), 'README.md'), 'utf8');
  const section = readme.split(`<!-- recording: ${recordingName(r)} -->`)[1]?.split('<!-- recording:')[0] ?? '';
  const list = section.split('Scenarios recorded, in order')[1] ?? '';
  return [...list.matchAll(/^- `([a-z0-9_]+)`/gm)].map((m) => m[1]!);
}

export function segments(r: Recording): Segment[] {
  const listed = listedScenarios(r);
  const starts: { scenario: string; at: number }[] = [];
  r.messages.forEach((_, i) => {
    let scenario = promptOf(r, i);
    if (scenario === NEXT) scenario = listed[listed.indexOf(starts.at(-1)?.scenario ?? '') + 1];
    if (scenario) starts.push({ scenario, at: i });
  });
  return starts.map((s, k) => ({ scenario: s.scenario, from: s.at, to: starts[k + 1]?.at ?? r.messages.length }));
}
