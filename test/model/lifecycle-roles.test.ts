// Lifecycle roles in canonical-model.yaml (`lifecycle:` under an event): read into the IR, emitted
// as generated/canonical/lifecycle.ts, and each mistake refused at its line with a hint.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventmapError, type Diagnostic } from '../../generator/shared/diagnostics.ts';
import { renderLifecycle } from '../../generator/emit/canonical/lifecycle-file.ts';
import { formatTs } from '../../generator/emit/format.ts';
import { LIFECYCLE_SUBJECTS } from '../../generator/model/types.ts';
import { parseModel } from '../../generator/model/load.ts';

const REPO = resolve(import.meta.dirname, '../..');
const TEXT = readFileSync(join(REPO, 'canonical-model.yaml'), 'utf8');
const FILE = 'canonical-model.yaml';

function edit(from: string, to: string): string {
  expect(TEXT.split(from).length - 1, `"${from}" occurs once`).toBe(1);
  return TEXT.replace(from, to);
}

function rejected(text: string): Diagnostic[] {
  try {
    parseModel(text, FILE);
  } catch (err) {
    expect(err).toBeInstanceOf(EventmapError);
    return (err as EventmapError).diagnostics;
  }
  throw new Error('expected the model to be rejected');
}

function expectOne(text: string, needle: string, message: RegExp, hint: RegExp): void {
  const diags = rejected(text);
  expect(diags).toHaveLength(1);
  const d = diags[0]!;
  expect(d.file).toBe(FILE);
  expect(d.line).toBe(text.slice(0, text.indexOf(needle)).split('\n').length);
  expect(d.col).toBeGreaterThan(0);
  expect(d.message).toMatch(message);
  expect(d.hint).toMatch(hint);
}

describe('lifecycle roles', () => {
  const model = parseModel(TEXT, FILE);

  it('every subject has one opening and one closing event, and the turn-scoped events belong to turns', () => {
    for (const subject of LIFECYCLE_SUBJECTS) {
      const opens = model.eventTypes.filter((t) => model.lifecycle[t]?.opens === subject);
      const closes = model.eventTypes.filter((t) => model.lifecycle[t]?.closes === subject);
      expect([subject, opens.length, closes.length]).toEqual([subject, 1, 1]);
      expect(model.lifecycle[opens[0]!]!.turnScoped).toBe(true);
    }
    expect(model.lifecycle['session.started']).toBeUndefined();
    expect(model.lifecycle['runtime.warning']).toBeUndefined();
  });

  it('is emitted as the table the runtime reads', async () => {
    const text = await formatTs(renderLifecycle(model));
    const generated = readFileSync(join(REPO, 'generated/canonical/lifecycle.ts'), 'utf8');
    expect(text).toBe(generated);
    const table = await import('../../generated/canonical/lifecycle.ts');
    for (const t of model.eventTypes) expect([t, table.LIFECYCLE_ROLES[t]]).toEqual([t, model.lifecycle[t]]);
  });

  it('refuses an unknown subject, with did-you-mean', () => {
    const text = edit('lifecycle: { opens: item, scope: turn }', 'lifecycle: { opens: itme, scope: turn }');
    expectOne(
      text,
      'opens: itme',
      /lifecycle\.opens: must be equal to one of the allowed values/,
      /did you mean `item`\?/,
    );
  });

  it('refuses an unknown key and an unknown scope', () => {
    const key = edit('lifecycle: { closes: item, scope: turn }', 'lifecycle: { closes: item, scpoe: turn }');
    expectOne(key, 'scpoe', /unknown key `scpoe`/, /did you mean `scope`\?/);
    const scope = edit('lifecycle: { closes: item, scope: turn }', 'lifecycle: { closes: item, scope: thread }');
    expectOne(
      scope,
      'scope: thread',
      /lifecycle\.scope: must be equal to one of the allowed values/,
      /use one of: turn$/,
    );
  });

  it('refuses a subject opened twice or never closed', () => {
    const twice = edit(
      'reason: { type: string }\n    lifecycle: { scope: turn }',
      'reason: { type: string }\n    lifecycle: { scope: turn, opens: turn }',
    );
    expectOne(twice, 'opens: turn }', /2 events opens turn/, /keep `opens: turn` on one event/);
    const never = edit('lifecycle: { closes: request, scope: turn }', 'lifecycle: { scope: turn }');
    const diags = rejected(never);
    expect(diags.map((d) => [d.code, d.message])).toEqual([
      ['model/bad-lifecycle', expect.stringMatching(/no event closes request/)],
    ]);
    expect(diags[0]!.hint).toMatch(/closes: request/);
  });
});
