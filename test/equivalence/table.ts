// docs/parity.md's situation × agent table, made from the equivalence suite's own cells, so the
// page says what the tests hold. `node --import tsx test/equivalence/table.ts --write` rewrites it;
// test/equivalence/equivalence.test.ts fails while the page differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agents, cells, type Cell } from './compare.ts';
import { SITUATIONS } from './situations.ts';
import type { Projection } from './project.ts';

export const PARITY_MD = join(import.meta.dirname, '..', '..', 'docs', 'parity.md');
const OPEN = '<!-- equivalence-table -->';
const CLOSE = '<!-- /equivalence-table -->';

const LABEL: Record<string, string> = {
  'codex-app-server': 'Codex app-server',
  'claude-agent-sdk': 'Claude Agent SDK',
  'codex-sdk': 'Codex SDK',
};
const label = (agent: string) => LABEL[agent] ?? agent.replace(/^acp:/, 'ACP ');

const show = (v: Projection[keyof Projection]) => (v === '' ? 'none' : String(v));

function expected(s: (typeof SITUATIONS)[number]): string {
  return Object.entries(s.expect)
    .map(([k, v]) => `${k} ${show(v)}`)
    .join('; ');
}

function cellText(c: Cell): string {
  if (c.occurrences.length === 0) return '–';
  if (c.differences.length === 0) return `same (${c.occurrences.length})`;
  const notes = new Map<string, string>();
  for (const d of c.differences) {
    const key = `${d.field} ${show(d.got)}`;
    notes.set(key, d.limitation ? `${key}: ${d.limitation.why}` : `${key}: **unexplained**`);
  }
  return `differs: ${[...notes.values()].join('; ')}`;
}

export function renderTable(): string {
  const cols = agents();
  const all = cells();
  const rows = SITUATIONS.map((s) => {
    const row = cols.map((a) => cellText(all.find((c) => c.situation === s && c.agent === a)!));
    return `| **${s.name}** | ${expected(s)} | ${row.join(' | ')} |`;
  });
  return [
    `| situation | every agent shows | ${cols.map(label).join(' | ')} |`,
    `|---|---|${cols.map(() => '---').join('|')}|`,
    ...rows,
  ].join('\n');
}

/** docs/parity.md with the table replaced by `table`. */
export function withTable(page: string, table: string): string {
  const start = page.indexOf(OPEN);
  const end = page.indexOf(CLOSE);
  if (start < 0 || end < start) throw new Error(`docs/parity.md has no ${OPEN} … ${CLOSE} section`);
  return `${page.slice(0, start + OPEN.length)}\n${table}\n${page.slice(end)}`;
}

if (process.argv.includes('--write')) {
  writeFileSync(PARITY_MD, withTable(readFileSync(PARITY_MD, 'utf8'), renderTable()));
}
