// A committed recording run through one normalizer, with each input line's upstream message and
// the events it yielded side by side, so a parity row can find a situation in the upstream's
// traffic (by content) and check the events it became.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { loose, type CanonicalEvent } from '../runtime/loose.ts';
import { transcripts, type Transcript } from '../conformance/transcripts.ts';

export type Msg = Record<string, any>;

export interface Recording {
  source: string;
  version: string;
  file: string;
  /** Per input line: the upstream message (codex: the JSON-RPC message; claude: the SDKMessage or the permission record). */
  messages: Msg[];
  /** Per input line: `c2s` for the client's side of a codex capture, else `s2c`. */
  dirs: ('c2s' | 's2c')[];
  /** Per input line: the events it yielded. */
  out: CanonicalEvent[][];
  events: CanonicalEvent[];
}

export function load(t: Transcript): Recording {
  const n = createNormalizer(t.source as never, { clock: () => 0, deriveSessionId: true });
  const out = t.lines.map((l) => loose(n.push(l)));
  const messages = t.records.map(
    (r) => (typeof r.line === 'string' ? JSON.parse(r.line) : r.kind === 'message' ? r.message : r) as Msg,
  );
  const dirs = t.records.map((r) => (r.dir === 'c2s' ? 'c2s' : 's2c') as 'c2s' | 's2c');
  return { source: t.source, version: t.version, file: t.file, messages, dirs, out, events: out.flat() };
}

/** Every committed recording, loaded once. */
export const RECORDINGS: Recording[] = transcripts().map(load);

/** An occurrence of a situation in a recording, and the check of what it became. */
export interface Occurrence {
  where: string;
  check: () => void;
}

const coverage = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'generated', 'coverage.json'), 'utf8'),
) as {
  sources: Record<string, { snapshots: string[]; discriminants: { kind: string; name: string; versions: string[] }[] }>;
};

/** The supported versions (mapping-spec.yaml) whose snapshot has any of these discriminants (`kind:name`). */
export function versionsWith(source: string, signals: readonly string[]): string[] {
  const rows = coverage.sources[source]?.discriminants ?? [];
  const versions = new Set(rows.filter((d) => signals.includes(`${d.kind}:${d.name}`)).flatMap((d) => d.versions));
  return (coverage.sources[source]?.snapshots ?? []).filter((v) => versions.has(v));
}

/** The first event after line `i` (inclusive) that matches. */
export function eventAfter(r: Recording, i: number, match: (e: CanonicalEvent) => boolean): CanonicalEvent | undefined {
  for (let j = i; j < r.out.length; j++) for (const e of r.out[j]!) if (match(e)) return e;
  return undefined;
}

/** The events of line `i`, checked to be valid. */
export function outOf(r: Recording, i: number): CanonicalEvent[] {
  const events = r.out[i]!;
  expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
  return events;
}

/** Types of the events, in order, with the given payload field. */
export const shape = (events: CanonicalEvent[], field = 'state') => events.map((e) => [e.type, e.payload[field]]);
