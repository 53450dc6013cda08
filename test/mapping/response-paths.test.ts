// The generate-time path check reads a `response:` against the answer's schema (catalog/response.ts),
// in process on the real spec and snapshots: every path a response reads is there, and each one
// misspelt is a located finding that says it is the answer's, with the path it meant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { analyzeSpec } from '../../generator/mapping/analyze.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import type { MappingEntry, ValueExpr } from '../../generator/mapping/types.ts';
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';

const REPO = join(import.meta.dirname, '..', '..');
const SPEC_FILE = join(REPO, 'mapping-spec.yaml');
const text = readFileSync(SPEC_FILE, 'utf8');
const inputs = loadInputs(projectPaths(REPO));

/** Every path read of an entry's `response:` (payload values, helper arguments, `first:` options). */
function responseReads(entry: MappingEntry): Extract<ValueExpr, { kind: 'path' }>[] {
  const out: Extract<ValueExpr, { kind: 'path' }>[] = [];
  const visit = (e: ValueExpr): void => {
    if (e.kind === 'path') out.push(e);
    if (e.kind === 'first') e.options.forEach(visit);
    if (e.kind === 'helper') e.args.forEach(visit);
  };
  for (const emit of entry.response) Object.values(emit.payload).forEach(visit);
  return out;
}

const answered = inputs.spec.entries.filter((e) =>
  responseReads(e).some((r) => typeof r.path.segments[0] === 'string'),
);
/** Per source, the first response read of a named field below `$` (spec order). */
const cases = [...new Set(answered.map((e) => e.source))].map((source) => {
  const entry = answered.find((e) => e.source === source)!;
  return { source, entry, read: responseReads(entry).find((r) => typeof r.path.segments[0] === 'string')! };
});

describe('response paths are checked against the answer schema', () => {
  it('every source whose snapshots answer a request has a response read to break', () => {
    const sources = Object.entries(inputs.catalogs)
      .filter(([, cats]) => cats.some((c) => c.entries.some((e) => e.response && !('missing' in e.response))))
      .map(([s]) => s);
    expect(cases.map((c) => c.source).sort()).toEqual(sources.sort());
  });

  it('the committed responses read only paths their answers have', () => {
    const located = new Set(answered.flatMap((e) => responseReads(e).map((r) => `${r.loc.line}:${r.loc.col}`)));
    const onResponses = inputs.analysis.findings.filter((f) => f.loc && located.has(`${f.loc.line}:${f.loc.col}`));
    expect(onResponses.filter((f) => f.category === 'path' || f.category === 'error')).toEqual([]);
  });

  it.each(cases)('$source: a response path the answer lacks is located at its YAML line', ({ entry, read }) => {
    const lines = text.split('\n');
    const line = lines[read.loc.line - 1]!;
    const at = line.indexOf(read.path.text, read.loc.col - 1);
    expect(at, 'the path is written at its location').toBeGreaterThanOrEqual(0);
    // The first segment misspelt: below it an answer may be an open record (Claude's updatedInput).
    const first = `$.${read.path.segments[0]}`;
    const typo = `${first}x${read.path.text.slice(first.length)}`;
    lines[read.loc.line - 1] = line.slice(0, at) + typo + line.slice(at + read.path.text.length);
    const analysis = analyzeSpec(
      parseSpec(lines.join('\n'), SPEC_FILE),
      inputs.catalogs,
      inputs.model,
      HELPER_MANIFEST,
    );
    const found = analysis.findings.filter((f) => f.message.includes(`\`${typo}\``));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      category: 'path',
      code: 'spec/unknown-path',
      loc: { file: SPEC_FILE, line: read.loc.line, col: read.loc.col },
    });
    expect(found[0]!.message).toContain(`the answer to ${entry.kind} \`${entry.name}\``);
    expect(found[0]!.hint).toContain('no supported snapshot has it');
    // A field of the answer itself is suggested by name (deeper ones when the answer lists them).
    if (read.path.segments.length === 1) expect(found[0]!.hint).toContain(`did you mean \`${first}\``);
  });
});
