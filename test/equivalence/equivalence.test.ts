// The same situation looks the same from every agent (issue 36): for each situation recorded with
// more than one agent, every agent's reducer view agrees under one projection (project.ts), or
// differs only where a named upstream limitation explains it (limitations.ts). docs/parity.md's
// situation × agent table is made from these cells.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cells } from './compare.ts';
import { LIMITATIONS } from './limitations.ts';
import { SITUATIONS } from './situations.ts';
import { PARITY_MD, renderTable, withTable } from './table.ts';

const all = cells();

describe.each(SITUATIONS.map((s) => [s.name, s] as const))('%s', (name, situation) => {
  const recorded = all.filter((c) => c.situation === situation && c.occurrences.length > 0);

  it('is recorded with more than one agent', () => {
    expect(recorded.map((c) => c.agent).length, name).toBeGreaterThan(1);
  });

  it.each(recorded.map((c) => [c.agent, c] as const))('%s shows it as every agent does', (_, cell) => {
    const unexplained = cell.differences
      .filter((d) => !d.limitation)
      .map((d) => `${d.where}: ${d.field} is ${JSON.stringify(d.got)}, every agent shows ${JSON.stringify(d.want)}`);
    expect(unexplained).toEqual([]);
  });
});

it('every named limitation explains a difference that is still there', () => {
  const used = new Set(all.flatMap((c) => c.differences.flatMap((d) => (d.limitation ? [d.limitation] : []))));
  expect(LIMITATIONS.filter((l) => !used.has(l)).map((l) => `${l.situation} / ${l.agent} / ${l.field}`)).toEqual([]);
});

it("docs/parity.md's situation × agent table is the one these cells make", () => {
  const page = readFileSync(PARITY_MD, 'utf8');
  expect(page, 'run: node --import tsx test/equivalence/table.ts --write').toBe(withTable(page, renderTable()));
});
