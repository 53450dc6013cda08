// The mapping-spec.yaml editor: inserts land where asked, render through the yaml library (odd
// names are quoted, not pasted), and leave every other byte alone — comments, alignment, quoting.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editYaml } from '../../generator/mapping/edit.ts';

const SPEC = [
  '# header comment',
  'sources:',
  '  a:',
  '    snapshots: [0.2.0, 0.4.0]   # oldest first',
  '  b:',
  '    snapshots:',
  '      - 1.0.0',
  '      - 3.0.0',
  'valueMaps:',
  '  m:',
  '    values:',
  '      short:      x   # aligned by hand',
  '      muchLonger: y',
  'mappings:',
  '  a:',
  '    notification:',
  '      one/two:',
  '        ignore: "quoted: on purpose"',
  '',
  '      # ---- next family',
  '      three: { emit: [] }',
  '    empty: {}   # nothing yet',
  '',
].join('\n');

/** The lines of `after` that are not in `before` (which must all be there, in order). */
function added(before: string, after: string): string[] {
  const [b, a] = [before.split('\n'), after.split('\n')];
  const extra: string[] = [];
  let i = 0;
  for (const line of a) {
    if (i < b.length && line === b[i]) i++;
    else extra.push(line);
  }
  expect(i, 'every original line is kept, in order').toBe(b.length);
  return extra;
}

describe('editYaml', () => {
  it('inserts a version into flow and block sequences, in place', () => {
    const out = editYaml(SPEC, [
      { kind: 'item', seq: ['sources', 'a', 'snapshots'], value: '0.3.0', index: 1 },
      { kind: 'item', seq: ['sources', 'a', 'snapshots'], value: '0.5.0', index: 2 },
      { kind: 'item', seq: ['sources', 'b', 'snapshots'], value: '0.1.0', index: 0 },
      { kind: 'item', seq: ['sources', 'b', 'snapshots'], value: '2.0.0', index: 1 },
    ]);
    expect(out).toContain('    snapshots: [0.2.0, 0.3.0, 0.4.0, 0.5.0]   # oldest first');
    expect(added(SPEC.replace('[0.2.0, 0.4.0]', '[0.2.0, 0.3.0, 0.4.0, 0.5.0]'), out)).toEqual([
      '      - 0.1.0',
      '      - 2.0.0',
    ]);
    expect((parse(out) as { sources: { b: { snapshots: string[] } } }).sources.b.snapshots).toEqual([
      '0.1.0',
      '1.0.0',
      '2.0.0',
      '3.0.0',
    ]);
  });

  it('inserts an entry after its sibling with a comment, quoting a name that is not plain YAML', () => {
    const out = editYaml(SPEC, [
      {
        kind: 'pair',
        map: ['mappings', 'a', 'notification'],
        key: 'one/three',
        after: 'one/two',
        comment: 'review me',
        value: { emit: [{ type: 't', ids: { thread: '$.x' } }] },
        flowKeys: ['ids'],
      },
      {
        kind: 'pair',
        map: ['mappings', 'a', 'notification'],
        key: 'odd: name # not a comment',
        value: { ignore: 'TODO: later' },
      },
    ]);
    expect(added(SPEC, out)).toEqual([
      '      # review me',
      '      one/three:',
      '        emit:',
      '          - type: t',
      '            ids: { thread: $.x }',
      '      "odd: name # not a comment":',
      '        ignore: "TODO: later"',
    ]);
    const data = parse(out) as { mappings: { a: { notification: Record<string, unknown> } } };
    expect(Object.keys(data.mappings.a.notification)).toEqual([
      'one/two',
      'one/three',
      'three',
      'odd: name # not a comment',
    ]);
  });

  it('adds a value-map line with a trailing comment, leaving the hand alignment of the others', () => {
    const out = editYaml(SPEC, [
      {
        kind: 'pair',
        map: ['valueMaps', 'm', 'values'],
        key: 'shorter',
        after: 'short',
        value: 'x',
        trailing: 'review',
      },
    ]);
    expect(added(SPEC, out)).toEqual(['      shorter: x # review']);
  });

  it('fills an empty `{}` map and creates a missing kind section as block maps, keeping the comment', () => {
    const out = editYaml(SPEC, [
      { kind: 'pair', map: ['mappings', 'a', 'empty'], key: 'x', value: { ignore: 'why' } },
      { kind: 'pair', map: ['mappings', 'a', 'request'], key: 'y/z', value: { ignore: 'why not' }, comment: 'review' },
    ]);
    expect(out).toContain('    empty:   # nothing yet\n      x:\n        ignore: why\n');
    const data = parse(out) as { mappings: { a: Record<string, Record<string, unknown>> } };
    expect(data.mappings.a.empty).toEqual({ x: { ignore: 'why' } });
    expect(data.mappings.a.request).toEqual({ 'y/z': { ignore: 'why not' } });
    expect(out).toContain('    request:\n      # review\n      y/z:\n');
  });

  it('appends to a non-empty flow map in flow style, its comment on a line above the map', () => {
    const out = editYaml(SPEC, [
      {
        kind: 'pair',
        map: ['mappings', 'a', 'notification', 'three'],
        key: 'k',
        value: { path: '$.k', since: '0.3.0' },
        comment: 'review',
      },
    ]);
    expect(out).toBe(
      SPEC.replace(
        '      three: { emit: [] }\n',
        '      # review\n      three: { emit: [], k: { path: $.k, since: 0.3.0 } }\n',
      ),
    );
  });

  it('refuses to insert where there is no map', () => {
    expect(() =>
      editYaml(SPEC, [{ kind: 'item', seq: ['sources', 'c', 'snapshots'], value: '1.0.0', index: 0 }]),
    ).toThrow(/no sources\.c\.snapshots/);
  });
});
