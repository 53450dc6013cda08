// Bad-input catalog, canonical-model.yaml and the vendored snapshots (in the workspace's copy of
// upstream-schemas/): broken, truncated, empty or missing files, a missing snapshot folder, and
// unions that are not discriminated. Each exits 2 naming the file (with line:col when it has
// one) and leaves generated/ byte-identical.
import { renameSync } from 'node:fs';
import { afterAll, afterEach, describe, it } from 'vitest';
import { expectRejected, lineOf, snapshotsLine, workspace } from './support.ts';

const w = workspace('snapshots');
const undo: (() => void)[] = [];
afterEach(() => {
  w.restore();
  for (const u of undo.splice(0)) u();
});
afterAll(() => w.remove());

const SN = 'upstream-schemas/codex-app-server/0.171.0/ServerNotification.json';
const sn = w.read(SN);
const escaped = (rel: string) => rel.replace(/[.]/g, '\\.');
/** `<file>:<line>:<col>` where the JSON parser stopped: checked against the text itself. */
function jsonErrorAt(rel: string, text: string): RegExp {
  let offset = text.length;
  try {
    JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec(String(err));
    if (m) offset = Number(m[1]);
  }
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  return new RegExp(`${escaped(rel)}:${text.trim() === '' ? '1:1' : `${line}:${col}`}`);
}
function move(rel: string, to: string): void {
  renameSync(w.at(rel), w.at(to));
  undo.push(() => renameSync(w.at(to), w.at(rel)));
}

describe('bad canonical-model.yaml', () => {
  it('malformed YAML', async () => {
    w.write('canonical-model.yaml', `${w.read('canonical-model.yaml')}\n  bad: [unclosed\n`);
    expectRejected(await w.generate(), { code: 'model/invalid-yaml', at: /canonical-model\.yaml:\d+:\d+/ });
  });

  it('an unknown top-level key', async () => {
    const text = w.read('canonical-model.yaml').replace(/^version:/m, 'bogusKey: 1\nversion:');
    w.write('canonical-model.yaml', text);
    expectRejected(await w.generate(), {
      code: 'model/unknown-key',
      at: `canonical-model.yaml:${lineOf(text, 'bogusKey')}:1`,
      message: 'bogusKey',
    });
  });
});

describe('broken snapshots', () => {
  it('a snapshot file that is not valid JSON', async () => {
    const text = sn.replace('"oneOf"', '"oneOf" "');
    w.write(SN, text);
    expectRejected(await w.generate(), { code: 'snapshot/invalid-json', at: jsonErrorAt(SN, text) });
  });

  it('a truncated snapshot file', async () => {
    const text = sn.slice(0, sn.length >> 1);
    w.write(SN, text);
    expectRejected(await w.generate(), { code: 'snapshot/invalid-json', at: jsonErrorAt(SN, text) });
  });

  it('an empty snapshot file', async () => {
    w.write(SN, '');
    expectRejected(await w.generate(), { code: 'snapshot/invalid-json', at: `${SN}:1:1` });
  });

  it('a missing snapshot file', async () => {
    move(SN, `${SN}.moved`);
    expectRejected(await w.generate(), {
      code: 'snapshot/missing-file',
      at: /ServerNotification\.json/,
      message: 'has no ServerNotification.json',
    });
  });

  it('a missing snapshot folder (a version the spec lists)', async () => {
    const spec = w.read('mapping-spec.yaml');
    const { text, versions } = snapshotsLine(spec, 'codex-app-server');
    const newest = versions[versions.length - 1]!;
    move(`upstream-schemas/codex-app-server/${newest}`, `moved-${newest}`);
    const line = lineOf(spec, text);
    expectRejected(await w.generate(), {
      code: 'spec/unknown-snapshot',
      at: `mapping-spec.yaml:${line}:${spec.split('\n')[line - 1]!.indexOf(newest) + 1}`,
    });
  });

  it('a broken snapshot of a TypeScript-extracted source (claude-agent-sdk)', async () => {
    const rel = 'upstream-schemas/claude-agent-sdk/0.3.332/sdk.schema.json';
    const text = '{"definitions": {';
    w.write(rel, text);
    expectRejected(await w.generate(), { code: 'snapshot/invalid-json', at: jsonErrorAt(rel, text) });
  });
});

describe('upstream unions that are not discriminated', () => {
  const doc = JSON.parse(sn) as { oneOf: { properties: Record<string, unknown> }[] };

  it('a member without a literal discriminant', async () => {
    const bad = structuredClone(doc);
    bad.oneOf[3]!.properties.method = { type: 'string' };
    const text = JSON.stringify(bad, null, 2);
    w.write(SN, text);
    // Located at the member (its line in the file).
    expectRejected(await w.generate(), {
      code: 'snapshot/undiscriminated-union',
      at: new RegExp(`${escaped(SN)}:\\d+:\\d+`),
      message: 'member 3 has no string literal `method`',
    });
  });

  it('two members with the same discriminant', async () => {
    const bad = structuredClone(doc);
    bad.oneOf.push(bad.oneOf[3]!);
    w.write(SN, JSON.stringify(bad, null, 2));
    expectRejected(await w.generate(), {
      code: 'snapshot/duplicate-discriminant',
      at: new RegExp(`${escaped(SN)}:\\d+:\\d+`),
      message: 'appears twice',
    });
  });
});
