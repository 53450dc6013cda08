// Damaged claude-agent-sdk / codex-sdk snapshots: each is an EventmapError (exit 2) that names the
// file, where in it, and how to fix it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import type { SourceName } from '../../generator/project/sources.ts';
import { catalogOf, copySnapshot, readJson, runCli, writeJson } from './helpers.ts';

type Doc = { definitions: Record<string, Record<string, unknown>> };

function failure(source: SourceName, dir: string): EventmapError {
  try {
    catalogOf(source, 'broken', dir);
  } catch (err) {
    if (err instanceof EventmapError) return err;
    throw err;
  }
  throw new Error('the catalog loaded');
}

describe('broken claude-agent-sdk snapshots', () => {
  it('broken JSON: names the file with line:col', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.2.62');
    const file = join(dir, 'sdk.schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"SDKAssistantMessage": {', '"SDKAssistantMessage": {,'));
    const [d] = failure('claude-agent-sdk', dir).diagnostics;
    expect(d).toMatchObject({ code: 'snapshot/invalid-json', file: expect.stringMatching(/sdk\.schema\.json$/) });
    expect(d!.line).toBeGreaterThan(1);
    expect(d!.hint).toContain('eventmap upstream add');
  });

  it('missing file: says which file the snapshot lacks', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.2.62');
    rmSync(join(dir, 'surface.json'));
    expect(failure('claude-agent-sdk', dir).diagnostics[0]).toMatchObject({
      code: 'snapshot/missing-file',
      file: expect.stringMatching(/surface\.json$/),
    });
  });

  it('missing union: the SDKMessage definition is gone', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.3.332');
    const file = join(dir, 'sdk.schema.json');
    const doc = readJson(file) as Doc;
    doc.definitions.SDKMessage = { type: 'object' };
    writeJson(file, doc);
    const [d] = failure('claude-agent-sdk', dir).diagnostics;
    expect(d).toMatchObject({ code: 'snapshot/missing-union', file: expect.stringMatching(/sdk\.schema\.json$/) });
    expect(d!.message).toContain('#/definitions/SDKMessage');
    expect(d!.line).toBeGreaterThan(1);
  });

  it('undiscriminated union: a member no longer pins `type`', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.3.332');
    const file = join(dir, 'sdk.schema.json');
    const doc = readJson(file) as Doc;
    (doc.definitions.SDKAssistantMessage!.properties as Record<string, unknown>).type = { type: 'string' };
    writeJson(file, doc);
    const [d] = failure('claude-agent-sdk', dir).diagnostics;
    expect(d).toMatchObject({
      code: 'snapshot/undiscriminated-union',
      file: expect.stringMatching(/sdk\.schema\.json$/),
    });
    expect(d!.message).toContain('SDKAssistantMessage');
  });

  it('a $ref that points at nothing', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.2.62');
    const file = join(dir, 'sdk.schema.json');
    const doc = readJson(file) as Doc;
    delete doc.definitions.BetaUsage;
    writeJson(file, doc);
    expect(failure('claude-agent-sdk', dir).diagnostics[0]).toMatchObject({
      code: 'snapshot/dangling-ref',
      message: expect.stringContaining('#/definitions/BetaUsage'),
    });
  });

  it('surface.json and the schema disagree about the members', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.2.62');
    const file = join(dir, 'surface.json');
    const surface = readJson(file) as { unions: { members?: string[] }[] };
    surface.unions[0]!.members!.pop();
    writeJson(file, surface);
    expect(failure('claude-agent-sdk', dir).diagnostics[0]).toMatchObject({
      code: 'snapshot/surface-mismatch',
      file: expect.stringMatching(/surface\.json$/),
      line: expect.any(Number),
    });
  });

  it('a malformed surface.json', () => {
    const dir = copySnapshot('claude-agent-sdk', '0.2.62');
    writeJson(join(dir, 'surface.json'), {
      schema: 'sdk.schema.json',
      declarations: ['sdk.d.ts'],
      unions: 'SDKMessage',
    });
    expect(failure('claude-agent-sdk', dir).diagnostics[0]).toMatchObject({
      code: 'snapshot/bad-surface',
      message: expect.stringContaining('unions'),
    });
  });

  it('the CLI exits 2 and prints file:line:col and a fix', async () => {
    const dir = copySnapshot('claude-agent-sdk', '0.3.332');
    const file = join(dir, 'sdk.schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 5000));
    const r = await runCli(['catalog', `claude-agent-sdk@${dir}`]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/sdk\.schema\.json:\d+:\d+: error snapshot\/invalid-json/);
    expect(r.stderr).toContain('fix:');
  });
});

describe('broken codex-sdk snapshots', () => {
  it('missing union: surface.json points at a definition that is not a union', () => {
    const dir = copySnapshot('codex-sdk', '0.163.0');
    const file = join(dir, 'index.schema.json');
    const doc = readJson(file) as Doc;
    delete doc.definitions.ThreadItem!.anyOf;
    writeJson(file, doc);
    expect(failure('codex-sdk', dir).diagnostics[0]).toMatchObject({
      code: 'snapshot/missing-union',
      file: expect.stringMatching(/index\.schema\.json$/),
      message: expect.stringContaining('ThreadItem'),
    });
  });

  it('missing file', () => {
    const dir = copySnapshot('codex-sdk', '0.163.0');
    rmSync(join(dir, 'index.schema.json'));
    expect(failure('codex-sdk', dir).diagnostics[0]).toMatchObject({
      code: 'snapshot/missing-file',
      file: expect.stringMatching(/index\.schema\.json$/),
    });
  });

  it('broken JSON in surface.json', () => {
    const dir = copySnapshot('codex-sdk', '0.163.0');
    writeFileSync(join(dir, 'surface.json'), '{"schema": "index.schema.json",\n  "unions": [\n');
    const [d] = failure('codex-sdk', dir).diagnostics;
    expect(d).toMatchObject({
      code: 'snapshot/invalid-json',
      file: expect.stringMatching(/surface\.json$/),
      line: expect.any(Number),
    });
  });
});
