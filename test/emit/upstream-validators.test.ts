// emitUpstreamValidators on the vendored codex-app-server snapshots, checked against recorded traffic.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitUpstreamValidators } from '../../generator/emit/upstream-validators.ts';
import { codexCatalogs, serverMessages, STRICT_TSCONFIG, tsc, writeTemp } from './upstream-support.ts';

type Result = { ok: true } | { ok: false; errors: Array<{ instancePath: string; message: string; version: string }> };
type Validate = (kind: string, name: string, message: unknown) => Result;

const JS = 'codex-app-server/upstream-validators.js';
const DTS = 'codex-app-server/upstream-validators.d.ts';
let files: Map<string, string>;
let dir: string;
let validateUpstream: Validate;

beforeAll(async () => {
  files = emitUpstreamValidators(codexCatalogs());
  dir = writeTemp('eventmap-upstream-validators-', Object.fromEntries(files));
  ({ validateUpstream } = (await import(pathToFileURL(join(dir, JS)).href)) as { validateUpstream: Validate });
});

/** The kind, name and payload a server message is checked as: legacy `codex/event/<type>` carries an EventMsg in params.msg. */
function classify(m: Record<string, unknown>): { kind: string; name: string; message: unknown } | undefined {
  if (typeof m.method !== 'string') return undefined; // a response to the client
  const legacy = /^codex\/event\/(.+)$/.exec(m.method);
  if (legacy) return { kind: 'eventmsg', name: legacy[1]!, message: (m.params as { msg: unknown }).msg };
  return { kind: m.id === undefined ? 'notification' : 'request', name: m.method, message: m };
}

describe('emitUpstreamValidators (codex-app-server)', () => {
  it('emits the module and its declarations, with no run-time import', () => {
    expect([...files.keys()].sort()).toEqual([DTS, JS]);
    const js = files.get(JS)!;
    expect(js).not.toMatch(/from\s*["']ajv/);
    expect(js).not.toMatch(/require\(\s*["']ajv/);
    expect(js).not.toMatch(/\brequire\(/);
    expect(js).not.toMatch(/^\s*import\s/m);
    expect(js).toMatch(/^export function validateUpstream\(/m);
    expect(js.match(/\bexport\s+(?:const|let|var|function|default|\{)/g)).toEqual(['export function']);
  });

  for (const version of ['0.105.0', '0.171.0']) {
    it(`accepts every server message recorded from ${version}`, () => {
      const seen = new Set<string>();
      const rejected: string[] = [];
      for (const m of serverMessages(version)) {
        const c = classify(m);
        if (!c) continue;
        seen.add(c.kind);
        const r = validateUpstream(c.kind, c.name, c.message);
        if (!r.ok) rejected.push(`${c.kind} ${c.name}: ${JSON.stringify(r.errors.slice(0, 3))}`);
      }
      expect(rejected).toEqual([]);
      expect([...seen].sort()).toEqual(
        version === '0.105.0' ? ['eventmsg', 'notification', 'request'] : ['notification', 'request'],
      );
    });
  }

  it('rejects a real message with a field retyped, saying where and for which version', () => {
    const started = serverMessages('0.171.0').find((m) => m.method === 'item/started')!;
    expect(validateUpstream('notification', 'item/started', started)).toEqual({ ok: true });
    const broken = structuredClone(started) as { params: { item: { id: unknown } } };
    broken.params.item.id = 42;
    const r = validateUpstream('notification', 'item/started', broken);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContainEqual({ instancePath: '/params/item/id', message: 'must be string', version: '0.171.0' });
    // Every supported version that has item/started reports its own errors.
    const having = codexCatalogs().filter((c) =>
      c.entries.some((e) => e.kind === 'notification' && e.name === 'item/started'),
    );
    expect(new Set(r.errors.map((e) => e.version))).toEqual(new Set(having.map((c) => c.version)));
  });

  it('rejects a legacy EventMsg with a field retyped', () => {
    const delta = serverMessages('0.105.0').find((m) => m.method === 'codex/event/agent_message_delta')!;
    const msg = structuredClone((delta.params as { msg: Record<string, unknown> }).msg);
    expect(validateUpstream('eventmsg', 'agent_message_delta', msg)).toEqual({ ok: true });
    msg.delta = { text: 'x' };
    expect(validateUpstream('eventmsg', 'agent_message_delta', msg)).toMatchObject({
      ok: false,
      errors: [{ instancePath: '/delta', version: '0.105.0' }],
    });
  });

  it('checks numeric formats as ranges', () => {
    const end = serverMessages('0.105.0').find((m) => m.method === 'codex/event/exec_command_end')!;
    const msg = structuredClone((end.params as { msg: Record<string, unknown> }).msg);
    msg.exit_code = -1; // int32 allows negatives
    expect(validateUpstream('eventmsg', 'exec_command_end', msg)).toEqual({ ok: true });
    msg.exit_code = 2 ** 31;
    expect(validateUpstream('eventmsg', 'exec_command_end', msg)).toMatchObject({
      ok: false,
      errors: [{ instancePath: '/exit_code', message: 'must be <= 2147483647' }],
    });
  });

  it('says so for an unknown kind or name, even one named like an Object member', () => {
    for (const [kind, name] of [
      ['notification', 'no/such/method'],
      ['nope', 'item/started'],
      ['notification', 'constructor'],
      ['__proto__', 'x'],
    ]) {
      const r = validateUpstream(kind!, name!, {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]!.message).toMatch(/^unknown /);
    }
  });

  it('has declarations that type-check against a caller', () => {
    const usage = [
      "import { validateUpstream } from './codex-app-server/upstream-validators.js';",
      "const r = validateUpstream('notification', 'item/started', {});",
      'export const firstVersion: string | undefined = r.ok ? undefined : r.errors[0]?.version;',
    ].join('\n');
    const tdir = writeTemp('eventmap-upstream-validators-dts-', {
      [DTS]: files.get(DTS)!,
      'usage.ts': usage,
      'tsconfig.json': STRICT_TSCONFIG,
      'package.json': '{"type":"module"}',
    });
    expect(tsc(tdir)).toBe('');
  });

  it('is byte-identical when emitted again', () => {
    const again = emitUpstreamValidators(codexCatalogs());
    expect(again.get(JS) === files.get(JS)).toBe(true);
    expect(again.get(DTS)).toBe(files.get(DTS));
  });
});
