// Generate-time checks of mapping-spec.yaml: each bad input exits 2 naming mapping-spec.yaml:LINE:COL,
// and generated/ is left exactly as it was.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/fsutil.ts';

const REPO = join(import.meta.dirname, '..', '..');
const BIN = join(REPO, 'bin', 'eventmap.js');
const work = mkdtempSync(join(tmpdir(), 'eventmap-spec-'));
for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated']) cpSync(join(REPO, p), join(work, p), { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));
const original = readFileSync(join(work, 'mapping-spec.yaml'), 'utf8');

function generateWith(spec: string) {
  writeFileSync(join(work, 'mapping-spec.yaml'), spec);
  const before = readTree(join(work, 'generated'));
  const r = spawnSync(process.execPath, [BIN, '--root', work, 'generate'], { encoding: 'utf8' });
  const after = readTree(join(work, 'generated'));
  return { status: r.status, stderr: r.stderr, unchanged: JSON.stringify([...before]) === JSON.stringify([...after]) };
}

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('eventmap generate on a bad mapping-spec.yaml', () => {
  it('reports a path the upstream schema lacks, with its line', () => {
    const bad = original.replace('payload: { unifiedDiff: $.params.diff }', 'payload: { unifiedDiff: $.params.difff }');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`mapping-spec.yaml:${lineOf(bad, '$.params.difff')}:`);
    expect(r.stderr).toContain('has no `$.params.difff`');
    expect(r.unchanged).toBe(true);
  });

  it('reports YAML syntax errors', () => {
    const r = generateWith(`${original}\n  bad: [unclosed\n`);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/mapping-spec\.yaml:\d+:\d+: error spec\/yaml-syntax/);
    expect(r.unchanged).toBe(true);
  });

  it('reports an unknown canonical type', () => {
    const bad = original.replace('- type: turn.diff.updated', '- type: turn.diff.changed');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`mapping-spec.yaml:${lineOf(bad, 'turn.diff.changed')}:`);
    expect(r.stderr).toContain('unknown canonical event type `turn.diff.changed`');
  });

  it('reports an unknown enum value', () => {
    const bad = original.replace('payload: { state: archived }', 'payload: { state: shelved }');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('`shelved` is not a value of ThreadState');
  });

  it('reports a required canonical field left unmapped', () => {
    const bad = original.replace('payload: { unifiedDiff: $.params.diff }', 'payload: {}');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('required field `unifiedDiff` of `turn.diff.updated` is not mapped');
  });

  it('reports a duplicate entry', () => {
    const bad = original.replace('      thread/archived:\n', '      thread/closed:\n        ignore: duplicate on purpose\n      thread/archived:\n');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('spec/duplicate-entry');
  });

  it('reports an unknown discriminant as stale', () => {
    const bad = original.replace('      thread/archived:\n', '      thread/teleported:\n        ignore: not a real method\n      thread/archived:\n');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('`thread/teleported` is in none of the supported snapshots');
  });

  it('reports a value that cannot fit the canonical field', () => {
    const bad = original.replace('payload: { unifiedDiff: $.params.diff }', 'payload: { unifiedDiff: $.params, explanation: 1 }');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('`$.params` is object in codex-app-server@0.105.0, which cannot fit `turn.diff.updated.unifiedDiff` (string)');
    expect(r.stderr).toContain('has no payload field `explanation`');
  });

  it('reports an unknown key with its position', () => {
    const bad = original.replace('version: 1\n', 'version: 1\nsoruces: {}\n');
    const r = generateWith(bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`mapping-spec.yaml:${lineOf(bad, 'soruces')}:1: error spec/unknown-key`);
  });
});
