// Shared by the diff tests: the CLI (in process), scratch project roots, and the JSON report shapes.
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../scratch.ts';
import { runCli, type CliResult } from '../run-cli.ts';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function tempDir(prefix: string): string {
  return scratchDir(prefix);
}

/** This repository's committed mapping-spec.yaml (the working copy may be mid-edit). */
export function committedSpec(): string {
  return execFileSync('git', ['show', 'HEAD:mapping-spec.yaml'], { cwd: REPO, encoding: 'utf8' });
}

/** A project root holding the committed mapping-spec.yaml and this repository's snapshots, linked. */
export function projectCopy(): string {
  const root = tempDir('eventmap-diff-');
  writeFileSync(join(root, 'mapping-spec.yaml'), committedSpec());
  symlinkSync(join(REPO, 'upstream-schemas'), join(root, 'upstream-schemas'));
  return root;
}

/** `eventmap --root <cwd> <args>` run in this process, from `cwd`. */
export function eventmap(cwd: string, ...args: string[]): Promise<CliResult> {
  return runCli(['--root', cwd, ...args], { cwd });
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

export interface JsonFieldInfo {
  types: string[];
  required: boolean;
  values?: string[];
  open?: true;
}

export interface JsonChange {
  class: 'breaking' | 'needs-mapping' | 'informational';
  change: string;
  kind?: string;
  name?: string;
  names?: string[];
  scope?: 'message' | 'response';
  path?: string;
  before?: JsonFieldInfo;
  after?: JsonFieldInfo;
  values?: string[];
  enum?: string;
  note?: string;
  definition?: { name: string; path: string };
  places?: { kind: string; name: string; scope: 'message' | 'response'; path: string }[];
  affects: { file: string; line: number; col: number; how: string; path?: string }[];
}

export interface JsonDiff {
  source: string;
  from: string;
  to: string;
  spec: string | null;
  summary: Record<string, number>;
  counts: Record<string, { before: number; after: number; added: number; removed: number }>;
  changes: JsonChange[];
}
