// Bad-input catalog, mapping-spec.yaml: each case breaks the spec one way and expects exit 2, a
// diagnostic at mapping-spec.yaml:LINE:COL, and generated/ byte-identical. (These were
// test/mapping/generate-errors.test.ts; the catalog is the one list.)
import { afterAll, afterEach, describe, it } from 'vitest';
import { expectRejected, lineOf, snapshotsLine, workspace } from './support.ts';

const w = workspace('spec');
afterEach(() => w.restore());
afterAll(() => w.remove());
const original = w.read('mapping-spec.yaml');
const SPEC = 'mapping-spec.yaml';

/** Write a broken spec, generate, and return the run and the text (for line numbers). */
async function generateWith(text: string) {
  w.write(SPEC, text);
  return { r: await w.generate(), text };
}
async function edit(from: string, to: string) {
  if (!original.includes(from))
    throw new Error(`the spec no longer contains ${JSON.stringify(from)}; update this case`);
  return generateWith(original.replace(from, to));
}
const at = (text: string, needle: string, col?: number) =>
  new RegExp(`mapping-spec\\.yaml:${lineOf(text, needle)}:${col ?? '\\d+'}`);

describe('bad mapping-spec.yaml', () => {
  it('malformed YAML', async () => {
    const { r } = await generateWith(`${original}\n  bad: [unclosed\n`);
    expectRejected(r, { code: 'spec/yaml-syntax', at: /mapping-spec\.yaml:\d+:\d+/ });
  });

  it('an empty file', async () => {
    const { r } = await generateWith('');
    expectRejected(r, { code: 'spec/wrong-type', at: 'mapping-spec.yaml:1:1', message: 'must be object' });
  });

  it('wrong type: a list given as a scalar', async () => {
    const { text: line, versions } = snapshotsLine(original, 'codex-app-server');
    const { r, text } = await edit(line, `snapshots: ${versions[0]}`);
    expectRejected(r, {
      code: 'spec/wrong-type',
      at: at(text, `snapshots: ${versions[0]}`),
      message: 'snapshots: must be array',
    });
  });

  it('wrong type: version is not 1', async () => {
    const { r, text } = await edit('version: 1\n', 'version: one\n');
    expectRejected(r, { code: 'spec/wrong-type', at: at(text, 'version: one'), message: 'version' });
  });

  it('an unknown top-level key', async () => {
    const { r, text } = await edit('version: 1\n', 'version: 1\nsoruces: {}\n');
    expectRejected(r, { code: 'spec/unknown-key', at: at(text, 'soruces', 1), message: 'unknown key `soruces`' });
  });

  it('an unknown key inside an entry', async () => {
    const { r, text } = await edit('        after: [closeTurn]', '        afterwards: [closeTurn]');
    expectRejected(r, { code: 'spec/unknown-key', at: at(text, 'afterwards'), message: 'unknown key `afterwards`' });
  });

  it('a duplicate entry', async () => {
    const { r, text } = await edit(
      '      thread/archived:\n',
      '      thread/archived:\n        ignore: duplicate on purpose\n      thread/archived:\n',
    );
    expectRejected(r, {
      code: 'spec/duplicate-entry',
      at: new RegExp(`mapping-spec\\.yaml:${lineOf(text, 'thread/archived:') + 2}:\\d+`),
    });
  });

  it('an unknown source', async () => {
    const { r, text } = await edit('sources:\n  codex-app-server:', 'sources:\n  codex-cli:');
    expectRejected(r, {
      code: 'spec/unknown-source',
      at: at(text, 'codex-cli'),
      message: 'unknown source `codex-cli`',
    });
  });

  it('a snapshot version that is not vendored', async () => {
    const { text: line, versions } = snapshotsLine(original, 'codex-app-server');
    const { r, text } = await edit(line, `snapshots: [${[...versions, '999.0.0'].join(', ')}]`);
    expectRejected(r, {
      code: 'spec/unknown-snapshot',
      at: at(text, '999.0.0'),
      message: 'no snapshot codex-app-server@999.0.0',
    });
  });

  it('an unknown canonical event type', async () => {
    const { r, text } = await edit('- type: turn.diff.updated', '- type: turn.diff.changed');
    expectRejected(r, {
      code: 'spec/unknown-canonical-type',
      at: at(text, 'turn.diff.changed'),
      message: 'unknown canonical event type `turn.diff.changed`',
    });
  });

  it('an unknown enum value', async () => {
    const { r, text } = await edit('payload: { state: archived }', 'payload: { state: shelved }');
    expectRejected(r, {
      code: 'spec/unknown-enum-value',
      at: at(text, 'shelved'),
      message: '`shelved` is not a value of ThreadState',
    });
  });

  it('an unknown payload field', async () => {
    const { r, text } = await edit(
      'payload: { unifiedDiff: $.params.diff }',
      'payload: { unifiedDiff: $.params.diff, explanation: 1 }',
    );
    expectRejected(r, {
      code: 'spec/unknown-payload-field',
      at: at(text, 'explanation'),
      message: 'has no payload field `explanation`',
    });
  });

  it('a required canonical field left unmapped', async () => {
    const { r, text } = await edit('payload: { unifiedDiff: $.params.diff }', 'payload: {}');
    expectRejected(r, {
      code: 'spec/required-field-unmapped',
      at: at(text, '- type: turn.diff.updated'),
      message: 'required field `unifiedDiff` of `turn.diff.updated` is not mapped',
    });
  });

  it('a value whose JSON type cannot fit the canonical field', async () => {
    const { r, text } = await edit('payload: { unifiedDiff: $.params.diff }', 'payload: { unifiedDiff: $.params }');
    expectRejected(r, {
      code: 'spec/type-mismatch',
      at: at(text, 'unifiedDiff: $.params }'),
      message: 'which cannot fit `turn.diff.updated.unifiedDiff` (string)',
    });
  });

  it('an id read from a value no id can be (an object)', async () => {
    const { r, text } = await edit(
      'ids: { thread: $.params.threadId, turn: $.params.turn.id }',
      'ids: { thread: $.params.threadId, turn: $.params.turn }',
    );
    expectRejected(r, {
      code: 'spec/type-mismatch',
      at: at(text, 'turn: $.params.turn }'),
      message: 'which cannot be an id',
    });
  });

  it('a value map given a value it cannot translate (a number)', async () => {
    const { r, text } = await edit(
      'state: { path: $.params.turn.status, map: codexTurnState }',
      'state: { path: $.params.turn.durationMs, map: codexTurnState }',
    );
    expectRejected(r, {
      code: 'spec/type-mismatch',
      at: at(text, 'path: $.params.turn.durationMs'),
      message: "cannot translate (it takes a string or an object's tag)",
    });
  });

  it('a number JSON cannot hold (.inf), which an event would carry as null', async () => {
    const { r, text } = await edit('payload: { unifiedDiff: $.params.diff }', 'payload: { unifiedDiff: .inf }');
    expectRejected(r, {
      code: 'spec/non-finite-number',
      at: at(text, 'unifiedDiff: .inf }'),
      message: 'a number JSON cannot hold',
    });
  });

  it('a path the upstream schema lacks', async () => {
    const { r, text } = await edit(
      'payload: { unifiedDiff: $.params.diff }',
      'payload: { unifiedDiff: $.params.difff }',
    );
    expectRejected(r, {
      code: 'spec/unknown-path',
      at: at(text, '$.params.difff'),
      message: 'has no `$.params.difff`',
    });
  });

  it("a response path the answer's schema lacks", async () => {
    const { r, text } = await edit(
      'decision: { path: $.decision, map: codexCommandDecision }',
      'decision: { path: $.decisoin, map: codexCommandDecision }',
    );
    expectRejected(r, {
      code: 'spec/unknown-path',
      at: at(text, '$.decisoin'),
      message: 'the answer to request `item/commandExecution/requestApproval` has no `$.decisoin`',
    });
  });

  it('an entry for a discriminant no supported snapshot has (stale)', async () => {
    const { r, text } = await edit(
      '      thread/archived:\n',
      '      thread/teleported:\n        ignore: not a real method\n      thread/archived:\n',
    );
    expectRejected(r, {
      code: 'spec/stale-entry',
      at: at(text, 'thread/teleported'),
      message: '`thread/teleported` is in none of the supported snapshots',
    });
  });

  it('an unknown value map', async () => {
    const { r, text } = await edit('map: codexTurnState', 'map: codexTurnStates');
    expectRejected(r, {
      code: 'spec/unknown-value-map',
      at: at(text, 'codexTurnStates'),
      message: 'unknown value map `codexTurnStates`',
    });
  });

  it('a value map without a default (a value an upstream adds later would be dropped)', async () => {
    const { r, text } = await edit(
      '    default: failed           # a status added later still ends the turn (with a warning)\n',
      '',
    );
    expectRejected(r, {
      code: 'spec/missing-default',
      at: at(text, '  codexTurnState:'),
      message: 'value map `codexTurnState` has no `default`',
    });
  });

  it('an unknown runtime helper', async () => {
    const { r, text } = await edit('after: [closeTurn]', 'after: [closeTurns]');
    expectRejected(r, {
      code: 'spec/unknown-helper',
      at: at(text, 'closeTurns'),
      message: 'unknown runtime helper `closeTurns`',
    });
  });
});
