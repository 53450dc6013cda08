// The helper manifest (runtime/helpers/manifest.ts) checked in-process: each wrong use of a helper
// in mapping-spec.yaml is an error finding at its line (generate turns it into a located
// EventmapError, exit 2), with a hint that says how to fix it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { loadInputs, runGenerate, type Inputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { SOURCE_NAMES } from '../../generator/project/sources.ts';
import { analyzeSpec } from '../../generator/mapping/analyze.ts';
import type { Finding } from '../../generator/mapping/findings.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { HELPERS } from '../../runtime/helpers/index.ts';
import { HELPER_MANIFEST, HELPER_SOURCES } from '../../runtime/helpers/manifest.ts';
import { REPO } from '../suggest/bump-fixture.ts';

let inputs: Inputs;
beforeAll(() => {
  inputs = loadInputs(projectPaths(REPO));
});

/** The spec with `from` replaced (it must be there), its text, and the helper findings of it. */
function withEdit(from: string, to: string): { text: string; errors: Finding[] } {
  const original = inputs.spec.text;
  expect(original).toContain(from);
  const text = original.replace(from, to);
  const analysis = analyzeSpec(parseSpec(text, 'mapping-spec.yaml'), inputs.catalogs, inputs.model, HELPER_MANIFEST);
  return { text, errors: analysis.findings.filter((f) => f.category === 'error') };
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  return text.slice(0, at).split('\n').length;
}

function expectOne(errors: Finding[], code: string, line: number, message: RegExp, hint: RegExp): Finding {
  expect(errors.map((f) => `${f.code} ${f.loc?.line}: ${f.message}`)).toEqual([
    expect.stringMatching(new RegExp(`^${code} ${line}: `)),
  ]);
  const f = errors[0]!;
  expect(f.message).toMatch(message);
  expect(f.hint).toMatch(hint);
  expect(f.loc?.file).toBe('mapping-spec.yaml');
  expect(f.loc?.col).toBeGreaterThan(0);
  return f;
}

describe('helper uses in mapping-spec.yaml', () => {
  it('the committed spec uses every helper as its manifest says', () => {
    const errors = inputs.analysis.findings.filter((f) => f.category === 'error');
    expect(errors).toEqual([]);
  });

  it('refuses a hook where a value goes: `metadata: { helper: closeTurn }` on a Codex entry', () => {
    const from = 'payload: { metadata: $.params }';
    const to = 'payload: { metadata: { helper: closeTurn } }';
    const { text, errors } = withEdit(from, to);
    const f = expectOne(errors, 'spec/helper-kind', lineOf(text, to), /`closeTurn` is a hook/, /after: \[closeTurn\]/);
    expect(f.source).toBe('codex-app-server');
  });

  it('refuses a value helper in `after:`', () => {
    const { text, errors } = withEdit('after: [closeTurn]', 'after: [retryMessage]');
    expectOne(
      errors,
      'spec/helper-kind',
      lineOf(text, 'after: [retryMessage]'),
      /value helper/,
      /\{ helper: retryMessage/,
    );
  });

  it('refuses a wrong number of arguments (too few, too many, around optional ones)', () => {
    const few = withEdit('retry: { helper: codexRetry, args: [$.params] }', 'retry: { helper: codexRetry, args: [] }');
    expectOne(
      few.errors,
      'spec/helper-arity',
      lineOf(few.text, 'codexRetry, args: []'),
      /takes 1 argument; 0 given/,
      /args/,
    );
    const from = 'item: { helper: claudeTaskItem, args: [$.task_id] }';
    const many = withEdit(from, 'item: { helper: claudeTaskItem, args: [$.task_id, $.tool_use_id, true, true] }');
    expectOne(
      many.errors,
      'spec/helper-arity',
      lineOf(many.text, 'true, true'),
      /takes 1 to 3 arguments; 4 given/,
      /1 to 3/,
    );
  });

  it('refuses a path where the helper takes a constant', () => {
    const from = 'args: [$.task_id, $.tool_use_id, true]';
    const { text, errors } = withEdit(from, 'args: [$.task_id, $.tool_use_id, $.status]');
    expectOne(
      errors,
      'spec/helper-argument',
      lineOf(text, '$.tool_use_id, $.status'),
      /argument 3 .* constant/,
      /value itself/,
    );
  });

  it('refuses a helper on a source it does not serve', () => {
    const { text, errors } = withEdit('after: [closeTurn]', 'after: [claudeTurnEnd, closeTurn]');
    const f = expectOne(
      errors,
      'spec/helper-source',
      lineOf(text, 'after: [claudeTurnEnd'),
      /`claudeTurnEnd` is not for codex-app-server: it serves claude-agent-sdk/,
      /manifest\.ts/,
    );
    expect(f.discriminant).toMatch(/^notification:/);
  });

  it('names the nearest helper for an unknown one', () => {
    const { text, errors } = withEdit('after: [closeTurn]', 'after: [closeTurns]');
    expectOne(
      errors,
      'spec/unknown-helper',
      lineOf(text, 'closeTurns'),
      /unknown runtime helper `closeTurns`/,
      /did you mean `closeTurn`\?/,
    );
  });

  it('generate throws one located EventmapError and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventmap-helpers-'));
    try {
      const spec = join(dir, 'mapping-spec.yaml');
      writeFileSync(
        spec,
        inputs.spec.text.replace('payload: { metadata: $.params }', 'payload: { metadata: { helper: closeTurn } }'),
      );
      const error = await runGenerate({ ...projectPaths(REPO), spec }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EventmapError);
      const d = (error as EventmapError).diagnostics;
      expect(d.map((x) => x.code)).toEqual(['spec/helper-kind']);
      expect(d[0]).toMatchObject({ file: spec, line: expect.any(Number), col: expect.any(Number) });
      expect(d[0]!.hint).toBeTruthy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the manifest', () => {
  it('declares exactly the helpers HELPERS exports, for the sources eventmap knows', () => {
    expect(Object.keys(HELPER_MANIFEST).sort()).toEqual(Object.keys(HELPERS).sort());
    expect([...HELPER_SOURCES].sort()).toEqual([...SOURCE_NAMES].sort());
  });

  it('says how many arguments each value helper takes, as its function does', () => {
    for (const [name, spec] of Object.entries(HELPER_MANIFEST)) {
      const fn = HELPERS[name as keyof typeof HELPERS];
      // ctx, ids and every declared argument (TypeScript's optional parameters have no default, so they count).
      if (spec.kind === 'value') expect([name, fn.length - 2]).toEqual([name, spec.args.length]);
      else expect([name, fn.length]).toEqual([name, 3]);
    }
  });
});

describe('value maps the helpers read', () => {
  const MAP = 'turnEndItemStatus:\n    from: TurnState\n';

  it('refuses a hook whose value map the spec lacks, at each use', () => {
    const { errors } = withEdit(MAP, 'turnEndItemStatusX:\n    from: TurnState\n');
    expect(errors.length).toBeGreaterThan(0);
    for (const f of errors) {
      expect(f.code).toBe('spec/helper-value-map');
      expect(f.message).toMatch(/`closeTurn` looks up value map `turnEndItemStatus`/);
      expect(f.hint).toMatch(/declare `turnEndItemStatus` under valueMaps/);
    }
  });

  it('refuses a map between canonical enums whose key is not a value of `from`', () => {
    const { text, errors } = withEdit(
      '      interrupted: interrupted\n      cancelled: cancelled',
      '      interupted: interrupted\n      cancelled: cancelled',
    );
    expectOne(
      errors,
      'spec/unknown-enum-value',
      lineOf(text, 'interupted'),
      /`interupted` is not a TurnState value/,
      /did you mean `interrupted`\?/,
    );
  });

  it('refuses a map with both `source` and `from`, or neither', () => {
    const both = withEdit(MAP, 'turnEndItemStatus:\n    from: TurnState\n    source: codex-sdk\n');
    const origin = both.errors.find((f) => f.code === 'spec/value-map-origin');
    expect(origin?.loc?.line).toBe(lineOf(both.text, MAP));
    expect(origin?.message).toMatch(/either `source` .* or `from`/);
    const neither = withEdit(MAP, 'turnEndItemStatus:\n');
    expect(neither.errors.map((f) => f.code)).toContain('spec/value-map-origin');
  });
});
