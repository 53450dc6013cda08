// The mapping table's analysis rules (generator/mapping/), one table of given → want rows per rule:
// which snapshots a read path is expected in (since/until/absentIn), what to write when some
// lack it, and the did-you-mean every unknown name gets.
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../generator/catalog/types.ts';
import { lastName, pathDepth, toSpecPath } from '../../generator/mapping/field-paths.ts';
import { missingPathHint, readValue, type PathLookup } from '../../generator/mapping/path-hints.ts';
import {
  compareVersions,
  describePresence,
  expectedIn,
  presenceFor,
  type Presence,
} from '../../generator/mapping/presence.ts';
import { didYouMean, guessHint, nearestHint, nearestNames } from '../../generator/shared/did-you-mean.ts';

const FOLDER = '0.0.0-folder-0123456789ab'; // a candidate folder without provenance.json

describe('snapshot order', () => {
  it.each([
    ['0.105.0', '0.171.0', -1],
    ['0.171.0', '0.105.0', 1],
    ['0.2.62', '0.2.62', 0],
    ['0.3.332', '0.3.332-alpha.1', 1],
    [FOLDER, '99.0.0', 1], // a candidate is newer than every release
    ['99.0.0', FOLDER, -1],
  ])('%s against %s: %i', (a, b, want) => expect(Math.sign(compareVersions(a, b))).toBe(want));
});

describe('presence: which supported snapshots should have a path', () => {
  const p = (presence: Partial<Presence>): Presence => ({ absentIn: [], ...presence });
  it.each([
    [p({}), '0.1.0', true],
    [p({ since: '0.171.0' }), '0.105.0', false],
    [p({ since: '0.171.0' }), '0.171.0', true],
    [p({ until: '0.105.0' }), '0.105.0', true],
    [p({ until: '0.105.0' }), '0.171.0', false],
    [p({ until: '0.105.0' }), FOLDER, false],
    [p({ absentIn: ['0.2.62'] }), '0.2.62', false],
    [p({ since: '0.2.62', absentIn: ['0.3.0'] }), '0.3.1', true],
  ])('%j in %s: %s', (presence, version, want) => expect(expectedIn(presence, version)).toBe(want));

  it.each([
    [p({}), ''],
    [p({ since: '0.3.332' }), 'since 0.3.332'],
    [p({ until: '0.171.0', absentIn: ['0.2.62', '0.2.70'] }), 'until 0.171.0, absentIn 0.2.62,0.2.70'],
  ])('%j reads %j', (presence, want) => expect(describePresence(presence)).toBe(want));

  it.each([
    // having, lacking → what to write
    [['0.171.0'], ['0.105.0'], p({ since: '0.171.0' })],
    [['0.105.0'], ['0.171.0'], p({ until: '0.105.0' })],
    [['0.2.62', '0.3.332'], ['0.3.0'], p({ absentIn: ['0.3.0'] })], // missing in the middle
    [['0.171.0', '0.105.0'], [], p({})],
    [[], ['0.105.0'], p({ absentIn: ['0.105.0'] })],
    [['0.105.0'], [FOLDER], p({ until: '0.105.0' })], // a candidate lacks it: it went away
    [[FOLDER], ['0.171.0'], p({ absentIn: ['0.171.0'] })], // a boundary must be a release
  ])('found in %j, not in %j: %j', (having, lacking, want) => expect(presenceFor(having, lacking)).toEqual(want));

  it.each([
    ['$.params.id', p({}), undefined, '$.params.id'],
    ['$.description', p({ since: '0.3.333' }), undefined, { path: '$.description', since: '0.3.333' }],
    [
      '$.status',
      p({ absentIn: ['0.2.62'] }),
      'turnState',
      { path: '$.status', map: 'turnState', absentIn: ['0.2.62'] },
    ],
  ])('the read of %j %j (map %j): %j', (path, presence, map, want) =>
    expect(readValue(path, presence, map)).toEqual(want),
  );
});

describe('did you mean', () => {
  const KEYS = ['ignore', 'emit', 'response', 'before', 'after'];
  it.each([
    ['emitt', KEYS, 'emit'],
    ['Emit', KEYS, 'emit'], // case is no typo
    ['respnse', KEYS, 'response'],
    ['emit', KEYS, undefined], // a word is not its own suggestion, and nothing else is near
    ['xyzzy', KEYS, undefined],
    ['thread/strated', ['thread/started', 'turn/started'], 'thread/started'],
    ['b', ['a', 'c'], 'a'], // ties go to the first in code point order
  ])('%j among %j: %j', (word, candidates, want) => expect(didYouMean(word, candidates)).toBe(want));

  it.each([
    ['codex', ['codex-app-server', 'codex-sdk', 'claude-agent-sdk'], ['codex-app-server', 'codex-sdk']],
    ['claude', ['codex-app-server', 'codex-sdk', 'claude-agent-sdk'], ['claude-agent-sdk']],
    ['codex-sdx', ['codex-app-server', 'codex-sdk'], ['codex-sdk']],
    ['cx', ['codex-app-server', 'codex-sdk'], []], // too short to search by containment
  ])('%j may mean %j', (word, candidates, want) => expect(nearestNames(word, candidates)).toEqual(want));

  it.each([
    [guessHint('emitt', KEYS, 'see the docs'), 'did you mean `emit`? see the docs'],
    [guessHint('xyzzy', KEYS, 'see the docs'), 'see the docs'],
    [
      nearestHint('codex', ['codex-app-server', 'codex-sdk'], 'pass --source'),
      'did you mean `codex-app-server` or `codex-sdk`? pass --source',
    ],
  ])('hint %j', (given, want) => expect(given).toBe(want));
});

describe('spec paths', () => {
  it.each([
    ['$.params.turn.id', '$.params.turn.id'],
    ['$.items[].id', '$.items[0].id'],
    ['$["odd name"]', '$.odd name'],
    ['$.map.*.x', undefined], // a map's values have no spec path
    ['$["a.b"]', undefined],
  ])('field %j is read as %j', (given, want) => expect(toSpecPath(given)).toBe(want));

  it.each([
    ['$.params.turnId', 'turnId', 2],
    ['$.items[0]', 'items', 2],
    ['$', '', 0],
  ])('%j: last name %j, depth %i', (path, name, depth) => {
    expect(lastName(path)).toBe(name);
    expect(pathDepth(path)).toBe(depth);
  });
});

describe('the hint for a mapped path a supported snapshot lacks', () => {
  /** A snapshot whose message has `fields` (each a string field) under `$.params`. */
  const snapshot = (version: string, ...fields: string[]): Catalog =>
    ({
      version,
      documents: {
        'm.json': {
          type: 'object',
          properties: {
            params: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])) },
          },
        },
      },
    }) as unknown as Catalog;
  const lookup = (catalog: Catalog, found: boolean): PathLookup => ({
    target: {
      catalog,
      entry: { kind: 'notification', name: 'm', document: 'm.json', pointer: '#' },
      document: 'm.json',
      pointer: '#',
    },
    found,
  });
  it.each([
    [
      'a typo: no snapshot has it',
      '$.params.threadid',
      [lookup(snapshot('0.105.0', 'threadId'), false), lookup(snapshot('0.171.0', 'threadId'), false)],
      'no supported snapshot has it: a typo? did you mean `$.params.threadId`?',
    ],
    [
      'nothing near',
      '$.result.content.items',
      [lookup(snapshot('0.171.0', 'threadId'), false)],
      'no supported snapshot has it: fix the path (a typo?)',
    ],
    [
      'a field that came',
      '$.params.summary',
      [lookup(snapshot('0.105.0'), false), lookup(snapshot('0.171.0', 'summary'), true)],
      'fix the path, or if 0.105.0 really lacks it, write `{ path: $.params.summary, since: 0.171.0 }` (and `{ first: [...] }` to read its new name, if it was renamed)',
    ],
    [
      'a field that was renamed',
      '$.params.turnID',
      [lookup(snapshot('0.105.0', 'turnID'), true), lookup(snapshot('0.171.0', 'turnId'), false)],
      'renamed to `$.params.turnId`? read both: `{ first: [{ path: $.params.turnID, until: 0.105.0 }, { path: $.params.turnId, since: 0.171.0 }] }`; if it was removed, write `{ path: $.params.turnID, until: 0.105.0 }`',
    ],
  ])('%s', (_name, path, lookups, want) => expect(missingPathHint(path, lookups)).toBe(want));
});
