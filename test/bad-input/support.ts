// The bad-input catalog's workspace: a temp copy of the project's inputs and generated/, where
// each case breaks one input, runs `eventmap generate` in a child process, and puts the input
// back (in process: runCli; a signal or a lock needs bin/eventmap.js, which the other files spawn). Every case must exit 2, say where (file:line:col when there is a file), and leave
// generated/ byte-identical.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../run-cli.ts';
import { readTree } from '../../generator/io/fsutil.ts';

export const REPO = join(import.meta.dirname, '..', '..');
export const BIN = join(REPO, 'bin', 'eventmap.js');

export interface Workspace {
  root: string;
  /** Path inside the workspace. */
  at(...parts: string[]): string;
  read(rel: string): string;
  /** Replace a file for one case; `restore()` puts every replaced file back. */
  write(rel: string, text: string): void;
  restore(): void;
  generate(env?: Record<string, string>): Promise<Run>;
  remove(): void;
}

export interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** generated/ is byte-identical to what it was before the run. */
  unchanged: boolean;
}

const INPUTS = ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'];

export function workspace(name: string): Workspace {
  const root = mkdtempSync(join(tmpdir(), `eventmap-bad-${name}-`));
  for (const p of INPUTS) cpSync(join(REPO, p), join(root, p), { recursive: true });
  const saved = new Map<string, string>();
  const at = (...parts: string[]) => join(root, ...parts);
  return {
    root,
    at,
    read: (rel) => readFileSync(at(rel), 'utf8'),
    write(rel, text) {
      if (!saved.has(rel)) saved.set(rel, readFileSync(at(rel), 'utf8'));
      writeFileSync(at(rel), text);
    },
    restore() {
      for (const [rel, text] of saved) writeFileSync(at(rel), text);
      saved.clear();
    },
    async generate(env = {}) {
      const before = readTree(at('generated'));
      const r = await runCli(['--root', root, 'generate'], { env });
      return {
        status: r.status,
        signal: null,
        stderr: r.stderr,
        unchanged: sameTree(before, readTree(at('generated'))),
      };
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export function sameTree(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** 1-based line of the first occurrence of `needle` in `text`. */
export function lineOf(text: string, needle: string): number {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`lineOf: ${JSON.stringify(needle)} not found`);
  return text.slice(0, i).split('\n').length;
}

/** The catalog's contract: exit 2, a diagnostic with this code at this place, generated/ untouched. */
export function expectRejected(
  r: Run,
  want: { code: string | RegExp; at?: RegExp | string; message?: string | RegExp },
): void {
  expect(r.signal, r.stderr).toBe(null);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr).not.toContain('internal error');
  const head = new RegExp(
    `error ${typeof want.code === 'string' ? want.code.replace(/[/.]/g, '\\$&') : want.code.source}`,
  );
  expect(r.stderr).toMatch(head);
  if (want.at !== undefined) {
    // The location prefixes the diagnostic: `<file>:<line>:<col>: error <code>`.
    const at = typeof want.at === 'string' ? want.at.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') : want.at.source;
    expect(r.stderr).toMatch(new RegExp(`${at}: error `));
  }
  if (want.message !== undefined) {
    if (typeof want.message === 'string') expect(r.stderr).toContain(want.message);
    else expect(r.stderr).toMatch(want.message);
  }
  expect(r.unchanged, 'generated/ is byte-identical').toBe(true);
}

/** A source's `snapshots:` line as mapping-spec.yaml writes it, and its versions (oldest first). */
export function snapshotsLine(spec: string, source: string): { text: string; versions: string[] } {
  const versions = (parse(spec) as { sources: Record<string, { snapshots: string[] }> }).sources[source]!.snapshots.map(
    String,
  );
  const text = `snapshots: [${versions.join(', ')}]`;
  lineOf(spec, text);
  return { text, versions };
}
