// Resource bombs (issue 12): YAML alias expansion, `$ref` cycles, absurd nesting, invalid
// regular expressions and huge enums give a located error (or, for the enum, the right result),
// never an internal error, a stack overflow or minutes of work.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { schemaProblems } from '../../generator/catalog/schema-checks.ts';
import { listVersions } from '../../generator/catalog/vendored.ts';
import { addLinearMetaSchema } from '../../generator/emit/upstream/ajv-meta.ts';
import { parseModel } from '../../generator/model/load.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { SOURCE_NAMES } from '../../generator/project/sources.ts';
import { refusal } from './refusal.ts';
import { generate, hostileProject, REPO, type HostileProject } from './hostile-project.ts';

const UPSTREAM = join(REPO, 'upstream-schemas');
const SDK_VERSION = listVersions(UPSTREAM, 'codex-sdk').at(-1)!;

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

/** Aliases of aliases, nine deep, nine wide: 9^9 leaves once expanded. */
function billionLaughs(key: string): string {
  const lines = [`${key}0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
  for (let i = 1; i < 9; i++)
    lines.push(
      `${key}${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

describe('YAML alias expansion ("billion laughs")', () => {
  it('in mapping-spec.yaml: a located error at the first alias', () => {
    const text = `${billionLaughs('x-bomb')}${readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')}`;
    const d = refusal(() => parseSpec(text, 'mapping-spec.yaml')).diagnostics;
    expect(d).toEqual([
      expect.objectContaining({ code: 'spec/alias-bomb', file: 'mapping-spec.yaml', line: 2, col: expect.any(Number) }),
    ]);
  });

  it('in canonical-model.yaml: a located error at the first alias', () => {
    const text = `${billionLaughs('x-bomb')}${readFileSync(join(REPO, 'canonical-model.yaml'), 'utf8')}`;
    const d = refusal(() => parseModel(text, 'canonical-model.yaml')).diagnostics;
    expect(d).toEqual([expect.objectContaining({ code: 'model/alias-bomb', file: 'canonical-model.yaml', line: 2 })]);
  });

  it('the few aliases the spec really uses still load', () => {
    expect(() => parseSpec(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8'), 'mapping-spec.yaml')).not.toThrow();
  });
});

describe('snapshot schema checks', () => {
  const codes = (doc: unknown) => schemaProblems(doc).map((p) => [p.code, p.pointer]);

  it('every vendored snapshot passes them (no false alarm) and loads', () => {
    for (const source of SOURCE_NAMES) {
      for (const version of listVersions(UPSTREAM, source))
        expect(() => loadCatalog({ source, version, dir: join(UPSTREAM, source, version) })).not.toThrow();
    }
  });

  it('`$ref` cycles that never go into the data are refused; recursion through a property is fine', () => {
    expect(codes({ definitions: { A: { $ref: '#/definitions/A' } } })).toEqual([
      ['snapshot/ref-cycle', '#/definitions/A'],
    ]);
    expect(
      codes({ definitions: { A: { $ref: '#/definitions/B' }, B: { allOf: [{ $ref: '#/definitions/A' }] } } }),
    ).toEqual([['snapshot/ref-cycle', expect.stringMatching(/^#\/definitions\/[AB]/)]]);
    expect(
      codes({ definitions: { A: { anyOf: [{ type: 'string' }, { not: { $ref: '#/definitions/A' } }] } } }),
    ).toEqual([['snapshot/ref-cycle', expect.any(String)]]);
    expect(codes({ anyOf: [{ $ref: '#' }] })).toEqual([['snapshot/ref-cycle', '#']]);
    const tree = {
      definitions: {
        Node: {
          type: 'object',
          properties: {
            children: { type: 'array', items: { $ref: '#/definitions/Node' } },
            next: { anyOf: [{ $ref: '#/definitions/Node' }, { type: 'null' }] },
          },
        },
      },
    };
    expect(codes(tree)).toEqual([]);
  });

  it('a `$ref` must stay in the document and point at a schema', () => {
    expect(codes({ properties: { a: { $ref: 'https://example.invalid/x.json' } } })).toEqual([
      ['snapshot/bad-ref', '#/properties/a/$ref'],
    ]);
    expect(codes({ properties: { a: { $ref: 'other.json#/definitions/X' } } })).toEqual([
      ['snapshot/bad-ref', '#/properties/a/$ref'],
    ]);
    expect(codes({ properties: { a: { $ref: '#/definitions/Missing' } } })).toEqual([
      ['snapshot/dangling-ref', '#/properties/a/$ref'],
    ]);
    expect(
      codes({ definitions: { X: { description: 'x' } }, properties: { a: { $ref: '#/definitions/X/description' } } }),
    ).toEqual([['snapshot/bad-ref', '#/properties/a/$ref']]);
  });

  it('a percent-encoded `$ref` (a URI fragment) resolves to the definition it names', () => {
    expect(
      codes({
        definitions: { 'A B': { type: 'string' }, 'C%D': { type: 'string' } },
        properties: { a: { $ref: '#/definitions/A%20B' }, b: { $ref: '#/definitions/C%25D' } },
      }),
    ).toEqual([]);
    expect(
      codes({ definitions: { 'A B': { type: 'string' } }, properties: { a: { $ref: '#/definitions/A%20C' } } }),
    ).toEqual([['snapshot/dangling-ref', '#/properties/a/$ref']]);
  });

  it('nesting 100,000 deep is an error, not a stack overflow', () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 100_000; i++) deep = { items: deep };
    expect(schemaProblems(deep)).toEqual([expect.objectContaining({ code: 'snapshot/too-deep' })]);
  });

  it('invalid regular expressions are named with their pointer', () => {
    expect(
      codes({ properties: { a: { type: 'string', pattern: '([a-z' } }, patternProperties: { '(?<': {} } }),
    ).toEqual([
      ['snapshot/invalid-pattern', '#/patternProperties/(?<'],
      ['snapshot/invalid-pattern', '#/properties/a/pattern'],
    ]);
    // Data that looks like a schema keyword is not checked: `pattern` is a property name here.
    expect(codes({ properties: { pattern: { type: 'string' } }, default: { pattern: '((' } })).toEqual([]);
  });

  it('an enum is a non-empty list of distinct values (checked in one pass, 200,000 values)', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => `v${i}`);
    expect(codes({ enum: values })).toEqual([]);
    expect(codes({ enum: [...values, 'v7'] })).toEqual([['snapshot/bad-enum', '#/enum/200000']]);
    expect(codes({ enum: [] })).toEqual([['snapshot/bad-enum', '#/enum']]);
  });
});

describe('through the pipeline', () => {
  function project(): HostileProject {
    const p = hostileProject(['codex-sdk']);
    cleanup.push(() => p.remove());
    return p;
  }
  const SCHEMA = `upstream-schemas/codex-sdk/${SDK_VERSION}/index.schema.json`;

  it.each([
    [
      'a `$ref` cycle',
      'snapshot/ref-cycle',
      (j: Record<string, any>) => (j.definitions.ThreadError = { $ref: '#/definitions/ThreadError' }),
    ],
    [
      'an invalid pattern',
      'snapshot/invalid-pattern',
      (j: Record<string, any>) => (j.definitions.ThreadStartedEvent.properties.thread_id.pattern = '([a-z'),
    ],
    [
      // `^(a+)+$` blocked one push() with validateUpstream for 15.5 s on a 29-character id.
      'a pattern that backtracks without bound',
      'snapshot/nonlinear-pattern',
      (j: Record<string, any>) => (j.definitions.ThreadStartedEvent.properties.thread_id.pattern = '^(a+)+$'),
    ],
    [
      // Issue 37: bounded quantifiers that multiply; 24 s on a 2,000-character id.
      'a pattern whose bounded quantifiers multiply',
      'snapshot/nonlinear-pattern',
      (j: Record<string, any>) =>
        (j.definitions.ThreadStartedEvent.properties.thread_id.pattern = 'a{0,20000}a{0,20000}b'),
    ],
  ])(
    '%s in a snapshot: generate refuses it at index.schema.json:line:col, naming the pointer',
    async (_name, code, edit) => {
      const p = project();
      p.editJson(SCHEMA, edit);
      const outcome = await generate(p);
      expect(outcome.kind).toBe('refused');
      if (outcome.kind !== 'refused') return;
      expect(outcome.diagnostics).toEqual([
        expect.objectContaining({
          code,
          file: expect.stringMatching(/index\.schema\.json$/),
          line: expect.any(Number),
          col: expect.any(Number),
          message: expect.stringContaining('(at #/definitions/'),
        }),
      ]);
    },
  );

  it('`$id`s in a snapshot never reach the validators: no base URI to resolve a `$ref` against, nothing to fetch', async () => {
    const p = project();
    const evil = 'https://attacker.invalid';
    p.editJson(SCHEMA, (j) => {
      j.$id = `${evil}/root.json`;
      j.definitions.ThreadStartedEvent.$id = `${evil}/nested.json`;
      j.definitions.ThreadStartedEvent.properties.thread_id.id = `${evil}/draft4-id`;
    });
    const outcome = await generate(p);
    expect(outcome.kind).toBe('generated');
    if (outcome.kind !== 'generated') return;
    // Stripped with the other annotations (generator/schema/traverse.ts ANNOTATIONS) before Ajv compiles.
    for (const [file, text] of outcome.files) expect(text.includes(evil), file).toBe(false);
    const { validateUpstream } = (await import(
      pathToFileURL(p.at('generated', 'codex-sdk', 'upstream-validators.js')).href
    )) as { validateUpstream: (kind: string, name: string, m: unknown) => { ok: boolean } };
    expect(validateUpstream('thread-event', 'thread.started', { type: 'thread.started', thread_id: 't1' }).ok).toBe(
      true,
    );
    expect(validateUpstream('thread-event', 'thread.started', { type: 'thread.started', thread_id: 1 }).ok).toBe(false);
  });

  it('a 200,000-value enum generates validators that accept its last value and nothing else', async () => {
    const p = project();
    const values = Array.from({ length: 200_000 }, (_, i) => `thread-${i}`);
    p.editJson(SCHEMA, (j) => (j.definitions.ThreadStartedEvent.properties.thread_id.enum = values));
    const outcome = await generate(p);
    expect(outcome.kind).toBe('generated');
    const { validateUpstream } = (await import(
      pathToFileURL(p.at('generated', 'codex-sdk', 'upstream-validators.js')).href
    )) as { validateUpstream: (k: string, n: string, m: unknown) => { ok: boolean } };
    expect(
      validateUpstream('thread-event', 'thread.started', { type: 'thread.started', thread_id: 'thread-199999' }).ok,
    ).toBe(true);
    expect(
      validateUpstream('thread-event', 'thread.started', { type: 'thread.started', thread_id: 'thread-200000' }).ok,
    ).toBe(false);
  });

  it('Ajv checks a 200,000-value enum against the meta-schema in one pass, and still refuses a broken schema', () => {
    const ajv = addLinearMetaSchema(new Ajv({ meta: false }));
    const validate = ajv.compile({ enum: Array.from({ length: 200_000 }, (_, i) => i) });
    expect([validate(199_999), validate(200_000)]).toEqual([true, false]);
    expect(() => ajv.compile({ type: 'strin' })).toThrow(/schema is invalid/);
  });
});
