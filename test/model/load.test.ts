// The model loader: the real model loads into the IR with locations; broken models fail with an
// EventmapError whose diagnostics say where (file:line:col), what, and how to fix it.
import { runCli } from '../run-cli.ts';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventmapError, type Diagnostic } from '../../generator/shared/diagnostics.ts';
import { loadModel, parseModel } from '../../generator/model/load.ts';

const REPO = resolve(import.meta.dirname, '../..');
const MODEL_FILE = join(REPO, 'canonical-model.yaml');
const TEXT = readFileSync(MODEL_FILE, 'utf8');
const FILE = 'canonical-model.yaml';

/** The real model text with `from` replaced by `to` (which must occur exactly once). */
function edit(from: string, to: string, text = TEXT): string {
  expect(text.split(from).length - 1, `"${from}" occurs once`).toBe(1);
  return text.replace(from, to);
}

/** 1-based line of the first occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  expect(at, needle).toBeGreaterThanOrEqual(0);
  return text.slice(0, at).split('\n').length;
}

function diagnosticsOf(text: string): Diagnostic[] {
  try {
    parseModel(text, FILE);
  } catch (err) {
    expect(err).toBeInstanceOf(EventmapError);
    const diags = (err as EventmapError).diagnostics;
    for (const d of diags) {
      expect(d.file, d.message).toBe(FILE);
      expect(d.line, d.message).toBeGreaterThan(0);
      expect(d.col, d.message).toBeGreaterThan(0);
      expect(d.hint, d.message).toBeTruthy();
    }
    return diags;
  }
  throw new Error('expected the model to be rejected');
}

/** Exactly one diagnostic, with this code, at the line holding `needle`. */
function expectOne(text: string, code: string, needle: string): Diagnostic {
  const diags = diagnosticsOf(text);
  expect(
    diags.map((d) => d.code),
    JSON.stringify(diags),
  ).toEqual([code]);
  expect(diags[0]!.line).toBe(lineOf(text, needle));
  return diags[0]!;
}

describe('loadModel on canonical-model.yaml', () => {
  const model = loadModel(MODEL_FILE);

  it('reads every event type with a named payload, and the enums and id kinds', () => {
    // EVENTS.md's 45 types, and the extensions, each with its reason.
    const extensions = model.eventTypes.filter((t) => model.events[t]!.extension);
    expect(extensions).toEqual(['turn.proposed.completed', 'task.updated']);
    expect(model.eventTypes).toHaveLength(45 + extensions.length);
    expect(model.events['turn.completed']).toMatchObject({
      payload: { $ref: '#/definitions/TurnCompletedPayload' },
      payloadName: 'TurnCompletedPayload',
      variantName: 'TurnCompletedEvent',
    });
    expect(model.events['task.updated']!.extension).toMatch(/task_updated/);
    expect(model.enums.ItemStatus!.extensions).toHaveProperty('interrupted');
    expect(model.idKinds).toContain('RuntimeItemId');
    expect(Object.keys(model.schema.definitions as object)).toEqual(
      expect.arrayContaining(['TurnCompletedPayload', 'ItemStatus', 'RuntimeItemId', 'CanonicalRuntimeEventType']),
    );
  });

  it('fills loc for events, enums and schema nodes, pointing into the model file', () => {
    expect(model.events['turn.completed']!.loc).toEqual({
      file: MODEL_FILE,
      line: lineOf(TEXT, '  turn.completed:\n'),
      col: 3,
    });
    expect(model.enums.HookOutcome!.loc).toEqual({ file: MODEL_FILE, line: lineOf(TEXT, '  HookOutcome:'), col: 3 });
    const state = model.locations!['/definitions/TurnCompletedPayload/properties/state']!;
    expect(TEXT.split('\n')[state.line - 1]).toMatch(/^\s+state: \{ \$ref: '#\/definitions\/TurnState' \}/);
  });

  it('closes payload objects unless they declare an open map', () => {
    const defs = model.schema.definitions as Record<string, Record<string, unknown>>;
    expect(defs.TurnCompletedPayload!.additionalProperties).toBe(false);
    expect(
      (defs.TurnCompletedPayload!.properties as Record<string, Record<string, unknown>>).modelUsage!
        .additionalProperties,
    ).toBe(true);
    expect(model.schema.additionalProperties).toBe(false);
  });

  it('reports a file it cannot read', () => {
    expect(() => loadModel(join(REPO, 'no-such-model.yaml'))).toThrow(/model\/not-found/);
  });
});

describe('loadModel on broken models', () => {
  it('malformed YAML', () => {
    const text = edit(
      '  TurnState:\n    values: [completed, failed, interrupted, cancelled]',
      '  TurnState:\n    values: [completed, failed, interrupted, cancelled',
    );
    const [d] = diagnosticsOf(text);
    expect(d!.code).toBe('model/invalid-yaml');
    expect(d!.line).toBeGreaterThanOrEqual(lineOf(text, 'values: [completed, failed, interrupted, cancelled\n'));
  });

  it('a duplicate key', () => {
    const text = edit('  TurnState:\n', '  TurnState:\n    values: [a]\n  TurnState:\n');
    expect(diagnosticsOf(text)[0]!.code).toBe('model/invalid-yaml');
  });

  it('an unknown top-level key, with a did-you-mean', () => {
    const d = expectOne(edit('version: 1\n', 'version: 1\nevnets: {}\n'), 'model/unknown-key', 'evnets:');
    expect(d.hint).toMatch(/`events`/);
    expect(d.col).toBe(1);
  });

  it('an unknown key in an event, an enum, and an unknown schema keyword', () => {
    expectOne(
      edit('    payload: TurnAbortedPayload\n', '    payload: TurnAbortedPayload\n    note: x\n'),
      'model/unknown-key',
      'note: x',
    );
    expectOne(
      edit('    values: [graceful, error]\n', '    values: [graceful, error]\n    value: [x]\n'),
      'model/unknown-key',
      'value: [x]',
    );
    const d = expectOne(
      edit('      required: [unifiedDiff]\n', '      requried: [unifiedDiff]\n'),
      'model/unknown-keyword',
      'requried:',
    );
    expect(d.hint).toMatch(/did you mean `required`/);
    expect(d.col).toBe(7);
  });

  it('an inline enum (enums must be named)', () => {
    const d = expectOne(
      edit(
        "        exitKind: { $ref: '#/definitions/SessionExitKind' }",
        '        exitKind: { enum: [graceful, error] }',
      ),
      'model/unknown-keyword',
      'enum: [graceful',
    );
    expect(d.hint).toMatch(/enums:/);
  });

  it('an extension without a reason: enum value, event type, whole enum', () => {
    expectOne(
      edit(
        '      blocked: "Codex 0.171.0 HookRunStatus blocked (a hook stopped the action it guards), which is neither success nor error."',
        '      blocked: ""',
      ),
      'model/missing-reason',
      'blocked: ""',
    );
    expectOne(
      edit('    values: [success, error, cancelled]\n', '    values: [success, error, cancelled, skipped]\n'),
      'model/missing-reason',
      'values: [success, error, cancelled, skipped]',
    );
    const newType = edit(
      '  runtime.error:\n',
      '  runtime.notice:\n    payload: RuntimeNoticePayload\n    schema: { type: object, properties: {} }\n\n  runtime.error:\n',
    );
    expectOne(newType, 'model/missing-reason', 'runtime.notice:');
    const newEnum = edit('  SessionExitKind:\n', '  Mood:\n    values: [happy]\n\n  SessionExitKind:\n');
    expectOne(newEnum, 'model/missing-reason', 'Mood:');
  });

  it('a spec value listed as an extension, or dropped', () => {
    expectOne(
      edit(
        '    values: [success, error, cancelled]\n    extensions:\n',
        '    values: [success, error]\n    extensions:\n      cancelled: why\n',
      ),
      'model/not-an-extension',
      'cancelled: why',
    );
    expectOne(
      edit('    values: [graceful, error]\n', '    values: [graceful]\n'),
      'model/spec-dropped',
      'values: [graceful]',
    );
  });

  it('a dropped spec event type', () => {
    const text = edit(
      '  turn.aborted:\n    payload: TurnAbortedPayload\n    schema:\n      type: object\n      required: [reason]\n      properties:\n        reason: { type: string }\n    lifecycle: { scope: turn }\n\n',
      '',
    );
    expectOne(text, 'model/spec-dropped', 'events:\n');
  });

  it('an event type without a payload', () => {
    const text = edit(
      '  turn.aborted:\n    payload: TurnAbortedPayload\n    schema:\n      type: object\n      required: [reason]\n      properties:\n        reason: { type: string }\n',
      '  turn.aborted:\n    description: no payload here\n',
    );
    expectOne(text, 'model/missing-payload', 'turn.aborted:');
  });

  it('a payload name that does not end in Payload, or is used twice', () => {
    expectOne(
      edit('    payload: TurnAbortedPayload\n', '    payload: TurnAborted\n'),
      'model/bad-name',
      'payload: TurnAborted\n',
    );
    expectOne(
      edit('    payload: TurnAbortedPayload\n', '    payload: TurnStartedPayload\n'),
      'model/duplicate-name',
      'payload: TurnStartedPayload\n    schema:\n      type: object\n      required: [reason]',
    );
  });

  it('a $ref to a missing definition, with a did-you-mean', () => {
    const d = expectOne(
      edit("        state: { $ref: '#/definitions/TurnState' }", "        state: { $ref: '#/definitions/TurnStatus' }"),
      'model/bad-ref',
      "#/definitions/TurnStatus'",
    );
    expect(d.hint).toMatch(/TurnState/);
  });

  it('a duplicate enum value', () => {
    const d = expectOne(
      edit('    values: [graceful, error]\n', '    values: [graceful, error, graceful]\n'),
      'model/duplicate-enum-value',
      'values: [graceful, error, graceful]',
    );
    expect(d.col).toBe('    values: [graceful, error, graceful]'.lastIndexOf('graceful') + 1);
  });

  it('schema mistakes: required not in properties, an open object that does not say so, an unused definition', () => {
    expectOne(
      edit('      required: [unifiedDiff]\n', '      required: [unifiedDif]\n'),
      'model/required-not-in-properties',
      'unifiedDif]',
    );
    expectOne(
      edit(
        "        config: { type: object, additionalProperties: true, description: 'Model, tools, permission mode, MCP servers...' }",
        '        config: { type: object }',
      ),
      'model/open-object',
      'config: { type: object }',
    );
    expectOne(
      edit('  PersistedFile:\n', '  Spare:\n    type: string\n\n  PersistedFile:\n'),
      'model/unused-definition',
      'Spare:',
    );
  });

  it('reports every problem at once, in file order', () => {
    let text = edit('version: 1\n', 'version: 1\nevnets: {}\n');
    text = edit('      required: [unifiedDiff]\n', '      requried: [unifiedDiff]\n', text);
    const lines = diagnosticsOf(text).map((d) => d.line!);
    expect(lines).toHaveLength(2);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });
});

describe('eventmap generate with a broken model', () => {
  it('exits 2 and prints file:line:col, what and how to fix it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'eventmap-model-'));
    copyFileSync(join(REPO, 'mapping-spec.yaml'), join(root, 'mapping-spec.yaml'));
    symlinkSync(join(REPO, 'upstream-schemas'), join(root, 'upstream-schemas'));
    const text = edit('      required: [unifiedDiff]\n', '      requried: [unifiedDiff]\n');
    writeFileSync(join(root, 'canonical-model.yaml'), text);
    const run = await runCli(['--root', root, 'generate']);
    rmSync(root, { recursive: true, force: true });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `${join(root, 'canonical-model.yaml')}:${lineOf(text, 'requried')}:7: error model/unknown-keyword`,
    );
    expect(run.stderr).toMatch(/fix: did you mean `required`\?/);
  });
});
