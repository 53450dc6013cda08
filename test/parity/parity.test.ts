// The parity table (docs/parity.md) on recorded traffic: each row, on every supported version
// (mapping-spec.yaml, via generated/coverage.json) whose snapshot can carry its native signal, is
// asserted on every committed recording of that version that shows the situation. A version with
// no such recording yet is listed as a `todo` (awaiting a recording); test/parity/hand-made.test.ts
// covers those rows with inputs in the upstreams' own shapes meanwhile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACP } from './acp-rows.ts';
import { CLAUDE } from './claude-rows.ts';
import { CODEX } from './codex-rows.ts';
import { CODEX_SDK } from './codex-sdk-rows.ts';
import { RECORDINGS, versionsWith, type Occurrence, type Recording } from './recording.ts';
import { viewAgrees } from './view.ts';

const BY_SOURCE: Record<string, Record<string, { signals: string[]; find: (r: Recording) => Occurrence[] }>> = {
  'codex-app-server': CODEX,
  'claude-agent-sdk': CLAUDE,
  'codex-sdk': CODEX_SDK,
  acp: ACP,
};

/** The rows of docs/parity.md: the first cell of each row of its parity table. */
function docRows(): string[] {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'parity.md'), 'utf8');
  const table = text.slice(text.indexOf('<!-- parity-table -->'), text.indexOf('<!-- /parity-table -->'));
  return table
    .split('\n')
    .filter((l) => /^\| \*\*/.test(l))
    .map((l) => /^\| \*\*(.+?)\*\*/.exec(l)![1]!);
}

it('docs/parity.md and these tests have the same rows', () => {
  const tested = new Set(Object.values(BY_SOURCE).flatMap((rows) => Object.keys(rows)));
  expect(docRows().sort()).toEqual([...tested].sort());
});

for (const [source, rows] of Object.entries(BY_SOURCE)) {
  describe(source, () => {
    for (const [row, { signals, find }] of Object.entries(rows)) {
      const versions = versionsWith(source, signals);
      it(`${row}: a supported version can carry it`, () => expect(versions.length).toBeGreaterThan(0));
      for (const version of versions) {
        const occurrences = RECORDINGS.filter((r) => r.source === source && r.version === version).flatMap((r) =>
          find(r).map((o) => {
            // Every occurrence names its line (`line N`): the provider-blind view is checked there too.
            const line = Number(/^line (\d+)$/.exec(o.where)?.[1]);
            return {
              where: `${r.file} ${o.where}`,
              check: () => {
                o.check();
                expect(line, `${o.where} names no line`).toBeGreaterThan(0);
                viewAgrees(r, line - 1);
              },
            };
          }),
        );
        if (occurrences.length === 0) {
          it.todo(`${row} @${version}: awaits a recording`);
          continue;
        }
        it(`${row} @${version} (${occurrences.length} in recorded traffic)`, () => {
          for (const o of occurrences) {
            try {
              o.check();
            } catch (err) {
              throw new Error(`${o.where}: ${err instanceof Error ? err.message : String(err)}`);
            }
          }
        });
      }
    }
  });
}
