// eventmap census on the committed transcripts: its counts against a direct count here, its
// catalog and spec flags, source detection on bare lines, and its exit codes.
import { runCli } from '../run-cli.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transcripts, TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ALL = transcripts();

interface Row {
  kind: string;
  name: string;
  count: number;
  catalog: { documented: boolean; in: string[] };
  spec: { status: string; reason?: string; line?: number };
}
interface Report {
  files: string[];
  lines: number;
  unrecognised: string[];
  groups: { source: string; version: string | null; files: string[]; messages: number; types: Row[] }[];
  undocumented: (Row & { source: string; version: string | null })[];
  unmapped: (Row & { source: string; version: string | null })[];
}

const census = async (args: string[]) => runCli(['census', ...args], { cwd: ROOT });

const files = ALL.map((t) => join(TRANSCRIPTS_ROOT, t.file));
const report = JSON.parse((await census([...files, '--format', 'json'])).stdout) as Report;

/** Counted here, independently: the message-level name of every upstream line. */
function directCount(source: string, version: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const t of ALL.filter((x) => x.source === source && x.version === version)) {
    for (const rec of t.records) {
      if (source === 'codex-app-server') {
        if (typeof rec.line === 'string' && rec.dir !== 's2c') continue;
        const m = (typeof rec.line === 'string' ? JSON.parse(rec.line) : rec) as {
          method?: string;
          id?: unknown;
          params?: { msg?: { type: string } };
        };
        if (m.method === undefined) continue;
        if (m.method.startsWith('codex/event/')) add(`eventmsg ${m.params!.msg!.type}`);
        else add(`${m.id === undefined ? 'notification' : 'request'} ${m.method}`);
      } else if (source === 'acp') {
        const m = JSON.parse(rec.line as string) as {
          method?: string;
          id?: unknown;
          params?: { update?: { sessionUpdate?: string } };
        };
        if (m.method === undefined) continue; // an answer names no method
        const method = m.method.startsWith('_') ? '_*' : m.method; // ACP's extension methods are one entry
        const update = m.params?.update?.sessionUpdate;
        if (rec.dir === 'c2s') add(`${m.id === undefined ? 'client-notification' : 'client-request'} ${method}`);
        else if (m.method === 'session/update' && update !== undefined) add(`session-update ${update}`);
        else add(`${m.id === undefined ? 'notification' : 'request'} ${method}`);
      } else if (source === 'codex-sdk') {
        add(`thread-event ${String(rec.type)}`);
      } else {
        if (rec.kind === 'permission') add('permission canUseTool');
        const m = (rec.kind === 'message' ? rec.message : rec.kind === undefined ? rec : undefined) as
          { type: string; subtype?: string; isReplay?: boolean } | undefined;
        if (m)
          add(
            `sdk-message ${m.type === 'system' || m.type === 'result' ? `${m.type}:${m.subtype}` : m.type}${m.isReplay === true ? '[isReplay]' : ''}`,
          );
      }
    }
  }
  return counts;
}

describe('eventmap census on the committed transcripts', () => {
  it('reads every file, recognises every line, and groups by source and version', () => {
    expect(report.files).toHaveLength(ALL.length);
    expect(report.lines).toBe(ALL.reduce((n, t) => n + t.lines.length, 0));
    expect(report.unrecognised).toEqual([]);
    expect(report.groups.map((g) => `${g.source}@${g.version}`).sort()).toEqual(
      [...new Set(ALL.map((t) => `${t.source}@${t.version}`))].sort(),
    );
  });

  it.each([...new Set(ALL.map((t) => `${t.source}@${t.version}`))])(
    '%s: counts every message-level type as a direct count does',
    (key) => {
      const [source, version] = key.split('@') as [string, string];
      const group = report.groups.find((g) => g.source === source && g.version === version)!;
      const got = new Map(
        group.types
          .filter((t) =>
            [
              'notification',
              'request',
              'eventmsg',
              'sdk-message',
              'permission',
              'thread-event',
              'session-update',
              'client-request',
              'client-notification',
            ].includes(t.kind),
          )
          .map((t) => [`${t.kind} ${t.name}`, t.count]),
      );
      const want = directCount(source, version);
      // Not vacuous (the codex-sdk ThreadEvent union has only 8 types).
      expect(want.size).toBeGreaterThan(source === 'codex-sdk' ? 5 : 10);
      expect(Object.fromEntries([...got].sort())).toEqual(Object.fromEntries([...want].sort()));
    },
  );

  it('counts nested types too: codex item types, Claude stream events, deltas and tools', () => {
    const kinds = new Set(report.groups.flatMap((g) => g.types.map((t) => t.kind)));
    for (const k of ['thread-item', 'stream-event', 'content-block', 'content-delta', 'tool'])
      expect(kinds).toContain(k);
  });

  it('finds every tool of the real recordings in the catalog of its version (0.2.62 Task: from the cli.js tool registry)', () => {
    // Before the registry (generator/upstream/cli-tool-registry.ts), 0.2.62's catalog had no `Task`
    // (its input type is named AgentInput) and the census flagged it here as undocumented.
    const group = report.groups.find((g) => g.source === 'claude-agent-sdk' && g.version === '0.2.62');
    const task = group?.types.find((t) => t.kind === 'tool' && t.name === 'Task');
    expect(task).toBeDefined();
    expect(task!.catalog.documented).toBe(true);
    expect(report.undocumented.filter((u) => u.kind === 'tool')).toEqual([]);
    for (const u of report.undocumented) expect(u.catalog.documented).toBe(false);
  });

  it('says which types the spec ignores, with the reason, and which it does not map at all', () => {
    const ignored = report.unmapped.find((u) => u.source === 'claude-agent-sdk' && u.name === 'stream_event');
    expect(ignored?.spec).toMatchObject({ status: 'ignored', reason: expect.stringContaining('wrapper') });
    expect(ignored?.spec.line).toBeGreaterThan(0);
    for (const u of report.unmapped) expect(['ignored', 'no-entry']).toContain(u.spec.status);
  });

  it('prints a text table with the findings', async () => {
    const text = (await census(files)).stdout;
    expect(text).toMatch(/^eventmap census: \d+ file\(s\)/);
    expect(text).toContain('codex-app-server 0.171.0:');
    expect(text).toMatch(/Undocumented upstream types \(not in the catalog of the supported snapshots\): \d+/);
  });
});

describe('eventmap census inputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-census-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('detects the source per line: bare JSON-RPC and bare SDKMessage lines in one log', async () => {
    const log = join(dir, 'mixed.log');
    writeFileSync(
      log,
      [
        JSON.stringify({ method: 'turn/started', params: { threadId: 't', turn: { id: 'u' } } }),
        JSON.stringify({ type: 'system', subtype: 'brand_new_subtype', session_id: 's', uuid: 'u' }),
        'not json',
        '',
      ].join('\n'),
    );
    const r = JSON.parse((await census([log, '--format', 'json'])).stdout) as Report;
    expect(r.groups.map((g) => [g.source, g.version, g.types.map((t) => `${t.kind} ${t.name}`)])).toEqual([
      ['codex-app-server', null, ['notification turn/started']],
      ['claude-agent-sdk', null, ['sdk-message system:brand_new_subtype']],
    ]);
    expect(r.unrecognised).toEqual([`${log}:3`]);
    // Unknown to every supported snapshot, and to the spec.
    expect(r.undocumented.map((u) => u.name)).toEqual(['system:brand_new_subtype']);
    expect(r.unmapped.find((u) => u.name === 'system:brand_new_subtype')?.spec.status).toBe('no-entry');
  });

  it('reads every line as the source given with --source', async () => {
    const log = join(dir, 'claude.log');
    writeFileSync(log, `${JSON.stringify({ type: 'result', subtype: 'success' })}\n`);
    const r = JSON.parse((await census([log, '--source', 'claude-agent-sdk', '--format', 'json'])).stdout) as Report;
    expect(r.groups[0]!.types.map((t) => t.name)).toEqual(['result:success']);
  });

  it('exits 2 on an unreadable input or a bad option, naming it', async () => {
    const missing = await census([join(dir, 'nope.jsonl')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('nope.jsonl');
    expect((await census([files[0]!, '--source', 'nope'])).status).toBe(2);
    expect((await census([files[0]!, '--format', 'xml'])).status).toBe(2);
  });

  it('exits 0 with findings', async () => {
    expect((await census([files[0]!])).status).toBe(0);
    const help = await runCli(['census', '--help'], { cwd: ROOT });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--source');
  });
});
