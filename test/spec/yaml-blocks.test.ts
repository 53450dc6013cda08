// mapping-spec.yaml parsed a block at a time (generator/spec/yaml-blocks.ts, issue 17) gives the
// data and locations of the whole-file parse, or gives up: on the real spec, from a store that
// went through JSON as the record does, and on generated documents with hostile lines inserted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument, stringify, type ToStringOptions } from 'yaml';
import { EventmapError } from '../../generator/diagnostics.ts';
import { parseSpec } from '../../generator/spec/load.ts';
import { blockStore } from '../../generator/spec/block-store.ts';
import { posTree } from '../../generator/spec/pos-tree.ts';
import { parseByBlocks, type BlockStore, type Parsed, type ParsedBlock } from '../../generator/spec/yaml-blocks.ts';
import { MAX_ALIAS_COUNT } from '../../generator/yaml-data.ts';

const SPEC = readFileSync(join(import.meta.dirname, '..', '..', 'mapping-spec.yaml'), 'utf8');

/** The whole-file parse, as spec/load.ts does it; 'error' for what it refuses. */
function whole(text: string): Parsed | 'error' {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) return 'error';
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), tree: posTree(doc, lineCounter) };
  } catch {
    return 'error';
  }
}

/** A store that keeps what it could write, through JSON as the record on disk does; counts the blocks parsed. */
function memoryStore(): BlockStore & { parsed: number; json(): BlockStore & { parsed: number } } {
  const kept = new Map<string, string>();
  const store = (from: Map<string, string>) => {
    const s = {
      parsed: 0,
      get: (hash: string) => {
        const text = from.get(hash);
        return text === undefined ? undefined : (JSON.parse(text) as ParsedBlock);
      },
      put: (hash: string, block: ParsedBlock, storable: boolean) => {
        s.parsed++;
        if (storable) kept.set(hash, JSON.stringify(block));
      },
    };
    return s;
  };
  return Object.assign(store(new Map()), { json: () => store(new Map(kept)) });
}

/** Same data (keys in the same order) and the same locations. */
function expectSame(blocks: Parsed, expected: Parsed): void {
  expect(JSON.stringify(blocks.data)).toBe(JSON.stringify(expected.data));
  expect(isDeepStrictEqual(blocks.data, expected.data)).toBe(true);
  expect(blocks.tree).toEqual(expected.tree);
}

describe('parsing mapping-spec.yaml by blocks', () => {
  it('gives the whole-file parse on the real spec, fresh and from stored blocks', () => {
    const expected = whole(SPEC);
    if (expected === 'error') throw new Error('the spec does not parse');
    const store = memoryStore();
    const fresh = parseByBlocks(SPEC, store);
    expect(fresh).toBeDefined();
    expect(store.parsed).toBeGreaterThan(SPEC.split('\n').length / 40); // split, not one block
    expectSame(fresh!, expected);
    const stored = store.json();
    expectSame(parseByBlocks(SPEC, stored)!, expected);
    expect(stored.parsed).toBeLessThan(store.parsed / 10); // only blocks JSON cannot carry (aliases)
    // A Windows checkout (CRLF line ends) splits the same.
    const crlf = SPEC.replace(/\n/g, '\r\n');
    expectSame(parseByBlocks(crlf, memoryStore())!, whole(crlf) as Parsed);
  });

  it('re-parses only the block an edit touched, and places everything after it where it now is', () => {
    const store = memoryStore();
    parseByBlocks(SPEC, store);
    const lines = SPEC.split('\n');
    const at = lines.findIndex((l) => /^ {6}\S+:$/.test(l)); // a mapping entry
    const edited = [...lines.slice(0, at + 1), '        # a new comment', ...lines.slice(at + 1)].join('\n');
    for (const text of [`# bench edit\n${SPEC}`, edited]) {
      const stored = store.json();
      const before = stored.parsed;
      expectSame(parseByBlocks(text, stored)!, whole(text) as Parsed);
      expect(stored.parsed - before).toBeLessThanOrEqual(1 + store.parsed / 20);
    }
  });

  it('stores only blocks that JSON gives back as they are; places an empty key where the file has it; keeps an alias with its anchor', () => {
    for (const text of [
      'a: !!timestamp 2001-12-14\nb: 1\n',
      'a: !!set { x }\nb: !!binary aGVsbG8=\n',
      'a: -0\nb: -0.0\n',
      'a: .inf\nb: 1\n',
      'top:\n  a:\n    x: 1\n    : v\n',
      'a: &x 1\nb: *x\nc: 2\n', // an alias joins its anchor's block
      'a:\n  x: &x 1\n  y: 2\nb:\n  z: *x\nc:\n  w: 3\n',
      'a: 1\nuser[isReplay]:\n  x: 1\n',
      `top:\n  ${'a'.repeat(1024)}:\n    x: 1\n    y: 2\n  o: 3\n`,
      'top:\n  a:\n    x: 1\n\n    : v\n',
      'top:\n  a:\n    x: 1\n    # c\n    : v\n',
      'top:\n  a:\n    - x: 1\n\n      : v\n',
    ]) {
      const expected = whole(text);
      if (expected === 'error') throw new Error(text);
      const store = memoryStore();
      const fresh = parseByBlocks(text, store, 0);
      if (fresh) expectSame(fresh, expected);
      const stored = parseByBlocks(text, store.json(), 0);
      if (stored) expectSame(stored, expected);
    }
  });

  it('leaves the parsed spec read-only, a typed array (`!!binary`) and a long list too, without failing on them', () => {
    for (const extra of ['x: !!binary aGVsbG8=', `x: [${'1,'.repeat(200_000)}1]`]) {
      const text = SPEC.replace('version: 1', `version: 1\n${extra}`);
      expect(() => parseSpec(text, 'mapping-spec.yaml', memoryStore())).toThrow(EventmapError);
    }
    const spec = parseSpec(SPEC, 'mapping-spec.yaml', memoryStore());
    expect(Object.isFrozen(spec.sources)).toBe(false); // the IR is the spec's own
  });

  it('serves a block met twice from the record as two values, as a parse gives', () => {
    const text = 'a:\n  x:\n    k: [1]\n  y: 1\nb:\n  x:\n    k: [1]\n  y: 2\n';
    const dir = mkdtempSync(join(tmpdir(), 'eventmap-blocks-'));
    try {
      const first = blockStore(dir, 'code');
      parseByBlocks(text, first, 0);
      first.save();
      const again = parseByBlocks(text, blockStore(dir, 'code'), 0)!;
      expectSame(again, whole(text) as Parsed);
      const data = again.data as { a: { x: { k: number[] } }; b: { x: { k: number[] } } };
      expect(data.a.x.k).toEqual([1]);
      expect(data.a.x.k).not.toBe(data.b.x.k);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up where it cannot split safely', () => {
    const store = memoryStore();
    for (const text of [
      '%YAML 1.2\n---\na: 1\n',
      'a: 1\n---\nb: 2\n',
      'a:\n\t- 1\n',
      'a: 1\rb: 2\r', // a CR alone ends a line in YAML
      '? [a]\n: 1\n',
      '- 1\n- 2\n',
      '',
      '# only a comment\n',
      'a: 1\na: 2\n', // a key twice
      `top:\n  ${'a'.repeat(1025)}:\n    x: 1\n    y: 2\n  o: 3\n`, // an implicit key over 1024 characters
      'a: "open\nb: close"\n', // a quote across the split
      'a: [1,\nb: 2]\n', // a bracket across the split
    ])
      expect(parseByBlocks(text, store, 0), JSON.stringify(text)).toBeUndefined();
  });
});

// Documents the yaml library prints in every style, with lines inserted that a split must not
// misread: comments and blank lines at any indentation, block scalars kept or stripped, quotes
// and brackets over several lines, sequences at the key's indentation, anchors and aliases.
const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('a: b', '# not a comment', '- x', 'line\nbreak', '  lead', 'trail  ', '', 'true', '1.5', '"'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9/_.-]{0,8}$/),
  fc.constantFrom('a', 'b', 'x:y', '1', 'null', 'key'),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('map'), tie('seq')),
  map: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  seq: fc.array(tie('node'), { maxLength: 3 }),
})).node;
const document = fc
  .tuple(
    fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 }),
    fc.constantFrom(2, 4),
    fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED') as fc.Arbitrary<
      NonNullable<ToStringOptions['defaultStringType']>
    >,
    fc.boolean(),
  )
  .map(([data, indent, defaultStringType, indentSeq]) =>
    stringify(data, {
      indent,
      defaultStringType,
      defaultKeyType: 'PLAIN',
      indentSeq,
      lineWidth: 20,
      minContentWidth: 5,
    } satisfies ToStringOptions),
  );
const hostile = fc.constantFrom(
  '# comment',
  '',
  '   ',
  'key: |+',
  'key: |-',
  'key: >',
  '  text of a scalar',
  'other: "open',
  '  close"',
  'list: [1,',
  '  2]',
  '- item',
  'a: &anchor 1',
  'b: *anchor',
  'a: 1',
  'key:',
  '  nested: 1',
  '? complex',
  '\tkey: tab',
  '---',
  'x: y: z',
  'k: v # trailing',
  '#: hash key',
  'key: |2',
  'key: >+',
  '      ',
  ' ',
  '  # indented comment',
  'plain',
  '  continued plain',
  'flow: {a: 1,',
  '  b: 2}',
  "single: 'open",
  "  close'",
  '"quoted key": 1',
  'tagged: !!str 1',
  '<<: *anchor',
  'map: &m',
  '\u00a0nbsp: 1',
  'key: # comment',
  '...',
  'when: !!timestamp 2001-12-14',
  'zero: -0',
  ': empty key',
  '\n: empty key after a blank line',
  '# c\n: empty key after a comment',
);
const edit = fc.record({ at: fc.nat(), indent: fc.constantFrom(0, 1, 2, 4, 6), line: hostile });

describe('parsing by blocks, property', () => {
  it('equals the whole-file parse whenever it does not give up, and gives up on every text the whole parse refuses', () => {
    let split = 0; // runs that parsed more than one block: the property is not all giving up
    fc.assert(
      fc.property(
        document,
        fc.boolean(),
        fc.oneof(fc.constant([]), fc.array(edit, { maxLength: 4 })),
        fc.constantFrom(0, 1, 3),
        (doc, crlf, edits, splitOver) => {
          const lines = doc.split('\n');
          for (const e of edits) lines.splice(e.at % (lines.length + 1), 0, `${' '.repeat(e.indent)}${e.line}`);
          const text = lines.join(crlf ? '\r\n' : '\n');
          const expected = whole(text);
          const store = memoryStore();
          const fresh = parseByBlocks(text, store, splitOver);
          if (expected === 'error') {
            expect(fresh).toBeUndefined();
            return;
          }
          if (!fresh) return;
          if (store.parsed > 1) split++;
          expectSame(fresh, expected);
          expectSame(parseByBlocks(text, store.json(), splitOver)!, expected);
        },
      ),
      { numRuns: 400 },
    );
    expect(split).toBeGreaterThan(400 / 5);
  });
});
