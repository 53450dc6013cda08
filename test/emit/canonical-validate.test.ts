// The generated validators: every event type has a valid example that passes, and the failures
// the model promises to catch are caught (wrong type, missing field, wrong enum value, unknown
// envelope field, unknown payload field).
import { gzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleEvent, PAYLOAD_EXAMPLES } from './canonical-examples.ts';
import { emitToTemp, removeTemp, importEmitted, type Emitted } from './canonical-emit-fixture.ts';

interface ValidationError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}
interface Validator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}
interface ValidateModule {
  validateProviderRuntimeEvent: Validator;
  validateRuntimeEventEnvelope: Validator;
  PAYLOAD_VALIDATORS: Record<string, Validator>;
  [name: string]: unknown;
}

let emitted: Emitted;
let v: ValidateModule;
beforeAll(async () => {
  emitted = await emitToTemp();
  v = await importEmitted<ValidateModule>(emitted.dir, 'canonical/validate.js');
});
afterAll(() => removeTemp(emitted));

/** Validate and return the first error (or undefined when valid). */
function firstError(event: unknown): ValidationError | undefined {
  return v.validateProviderRuntimeEvent(event) ? undefined : (v.validateProviderRuntimeEvent.errors ?? [])[0];
}

const clone = <T>(x: T): T => structuredClone(x);

describe('canonical validators', () => {
  it('stays small: no Ajv import, and under a size budget (docs/canonical-model.md has the numbers)', () => {
    const js = emitted.files.get('canonical/validate.js')!;
    expect(js).not.toMatch(/\brequire\s*\(|^\s*import\s|\bfrom\s*["']/m);
    expect(js.length).toBeLessThan(190_000);
    expect(gzipSync(js).length).toBeLessThan(17_000);
  });

  it('has a hand-written example for exactly the model event types', () => {
    expect(Object.keys(PAYLOAD_EXAMPLES).sort()).toEqual([...emitted.model.eventTypes].sort());
  });

  it('accepts a valid example of every event type, with and without the optional envelope fields', () => {
    for (const type of emitted.model.eventTypes) {
      expect(firstError(exampleEvent(type)), type).toBeUndefined();
      const { threadId, turnId, itemId, requestId, providerRefs, raw, ...minimal } = exampleEvent(type);
      expect(firstError(minimal), `${type} (minimal envelope)`).toBeUndefined();
    }
  });

  it('exports a payload validator per event type, in PAYLOAD_VALIDATORS and by name', () => {
    for (const type of emitted.model.eventTypes) {
      const byType = v.PAYLOAD_VALIDATORS[type]!;
      expect(byType(PAYLOAD_EXAMPLES[type]), type).toBe(true);
      expect(v[`validate${emitted.model.events[type]!.payloadName}`]).toBe(byType);
    }
  });

  it('rejects an unknown event type', () => {
    expect(firstError(exampleEvent('turn.finished', {}))).toMatchObject({ instancePath: '/type', keyword: 'enum' });
    expect(firstError({ ...exampleEvent('turn.completed'), type: 42 })).toMatchObject({ instancePath: '/type' });
  });

  it('rejects a payload that belongs to another type', () => {
    const event = exampleEvent('turn.completed', PAYLOAD_EXAMPLES['turn.started']);
    expect(firstError(event)).toMatchObject({
      instancePath: '/payload',
      keyword: 'required',
      params: { missingProperty: 'state' },
    });
    const both = exampleEvent('turn.completed', { state: 'completed', ...PAYLOAD_EXAMPLES['turn.started'] });
    expect(firstError(both)).toMatchObject({ instancePath: '/payload', keyword: 'additionalProperties' });
  });

  it('rejects a missing required payload field, for every required field of every type', () => {
    let checked = 0;
    for (const type of emitted.model.eventTypes) {
      const payload = PAYLOAD_EXAMPLES[type]!;
      for (const field of requiredFields(type)) {
        const { [field]: _dropped, ...rest } = payload;
        expect(firstError(exampleEvent(type, rest)), `${type} without ${field}`).toMatchObject({
          keyword: 'required',
          params: { missingProperty: field },
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('rejects a missing required envelope field', () => {
    for (const field of ['eventId', 'provider', 'sessionId', 'createdAt', 'type', 'payload']) {
      const { [field]: _dropped, ...rest } = exampleEvent('turn.started');
      expect(firstError(rest), field).toMatchObject({ keyword: 'required', params: { missingProperty: field } });
    }
  });

  it('rejects wrong enum values in the envelope, raw and payloads', () => {
    const cases: Array<[string, (e: Record<string, any>) => void, string]> = [
      ['provider', (e) => (e.provider = 'openai'), '/provider'],
      ['raw.source', (e) => (e.raw.source = 'codex.websocket'), '/raw/source'],
      ['turn state', (e) => (e.payload = { state: 'done' }), '/payload/state'],
      ['item type', (e) => ((e.type = 'item.started'), (e.payload = { itemType: 'tool_call' })), '/payload/itemType'],
      [
        'item status',
        (e) => ((e.type = 'item.completed'), (e.payload = { itemType: 'plan', status: 'complete' })),
        '/payload/status',
      ],
      [
        'stream kind',
        (e) => ((e.type = 'content.delta'), (e.payload = { streamKind: 'text', delta: 'x' })),
        '/payload/streamKind',
      ],
      [
        'plan step status',
        (e) => ((e.type = 'turn.plan.updated'), (e.payload = { plan: [{ step: 's', status: 'done' }] })),
        '/payload/plan/0/status',
      ],
      [
        'request type',
        (e) => ((e.type = 'request.opened'), (e.payload = { requestType: 'approval' })),
        '/payload/requestType',
      ],
      [
        'runtime error class',
        (e) => ((e.type = 'runtime.error'), (e.payload = { message: 'm', class: 'fatal' })),
        '/payload/class',
      ],
    ];
    for (const [label, mutate, path] of cases) {
      const event = clone(exampleEvent('turn.completed'));
      mutate(event);
      expect(firstError(event), label).toMatchObject({ keyword: 'enum', instancePath: path });
    }
  });

  it('rejects an unknown top-level (envelope) field', () => {
    expect(firstError({ ...exampleEvent('turn.started'), providerTurnId: 'turn_1' })).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'providerTurnId' },
    });
    const refs = clone(exampleEvent('turn.started'));
    (refs.providerRefs as Record<string, unknown>).providerTaskId = 't';
    expect(firstError(refs)).toMatchObject({ instancePath: '/providerRefs', keyword: 'additionalProperties' });
  });

  it('enforces the extra-field policy: payloads are closed, the open slots are not', () => {
    // A misspelled or provider-specific field in a payload is an error...
    expect(firstError(exampleEvent('turn.completed', { state: 'completed', stop_reason: 'end_turn' }))).toMatchObject({
      instancePath: '/payload',
      keyword: 'additionalProperties',
      params: { additionalProperty: 'stop_reason' },
    });
    expect(
      firstError(exampleEvent('turn.plan.updated', { plan: [{ step: 's', status: 'pending', note: 'x' }] })),
    ).toMatchObject({ instancePath: '/payload/plan/0', keyword: 'additionalProperties' });
    // ...while provider detail is welcome in raw.payload and in the payload's `unknown` / open-map slots.
    const open = exampleEvent('item.completed', {
      itemType: 'command_execution',
      data: { exitCode: 0, anything: { nested: true } },
    });
    (open.raw as Record<string, unknown>).payload = { method: 'item/completed', params: { extra: 1 } };
    expect(firstError(open)).toBeUndefined();
    expect(firstError(exampleEvent('session.configured', { config: { anyKey: 1, another: [2] } }))).toBeUndefined();
    // raw itself is closed: its extras belong inside raw.payload.
    const raw = clone(exampleEvent('turn.started'));
    (raw.raw as Record<string, unknown>).params = {};
    expect(firstError(raw)).toMatchObject({ instancePath: '/raw', keyword: 'additionalProperties' });
  });

  it('checks value types: ids are trimmed non-empty strings, createdAt is an ISO date-time, nullable fields', () => {
    expect(firstError({ ...exampleEvent('turn.started'), eventId: '' })).toMatchObject({
      instancePath: '/eventId',
      keyword: 'pattern',
    });
    expect(firstError({ ...exampleEvent('turn.started'), turnId: ' turn-1' })).toMatchObject({
      instancePath: '/turnId',
      keyword: 'pattern',
    });
    expect(firstError({ ...exampleEvent('turn.started'), createdAt: 'yesterday' })).toMatchObject({
      instancePath: '/createdAt',
      keyword: 'pattern',
    });
    expect(firstError({ ...exampleEvent('turn.started'), createdAt: 1767182400000 })).toMatchObject({
      instancePath: '/createdAt',
      keyword: 'type',
    });
    expect(firstError(exampleEvent('turn.completed', { state: 'failed', stopReason: 7 }))).toMatchObject({
      instancePath: '/payload/stopReason',
      keyword: 'type',
    });
    expect(firstError(exampleEvent('task.started', { taskId: 3 }))).toMatchObject({
      instancePath: '/payload/taskId',
      keyword: 'type',
    });
    expect(firstError('not an event')).toMatchObject({ keyword: 'type' });
  });

  it('gives schema.json’s verdict (Ajv as it stands) on ids, dates and raw sources of every shape', () => {
    // The generated module compiles each definition on its own (one $id each, aliases resolved,
    // the envelope without its oneOf): it must still judge as the published schema does.
    const schema = JSON.parse(emitted.files.get('canonical/schema.json')!) as object;
    const stock = new Ajv({ strict: false, allowUnionTypes: true, discriminator: true }).compile(schema);
    const edge = fc.constantFrom(
      '',
      ' ',
      '\t',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\ufeff',
      '\ud800',
      '\udc00',
      '😀',
      'x',
      '~',
    );
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.tuple(edge, fc.string({ maxLength: 8 }), edge).map(([a, b, c]) => a + b + c),
    );
    const date = fc.oneof(
      fc.constant('2026-01-31T12:00:00.000Z'),
      fc
        .date({ min: new Date(-62_000_000_000_000), max: new Date(253_000_000_000_000), noInvalidDate: true })
        .map((d) => d.toISOString()),
      text,
    );
    const types = [...emitted.model.eventTypes];
    // One field at a time (the others valid), so that no other field's failure hides a wrong verdict.
    const fields: Record<string, (event: Record<string, unknown>, value: string) => void> = {
      eventId: (e, x) => (e.eventId = x),
      sessionId: (e, x) => (e.sessionId = x),
      threadId: (e, x) => (e.threadId = x),
      itemId: (e, x) => (e.itemId = x),
      createdAt: (e, x) => (e.createdAt = x),
      providerItemId: (e, x) => ((e.providerRefs as Record<string, unknown>).providerItemId = x),
      rawSource: (e, x) => ((e.raw as Record<string, unknown>).source = x),
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.constantFrom(...Object.keys(fields)),
        fc.oneof(text, date),
        (type, field, value) => {
          const event = exampleEvent(type);
          fields[field]!(event, value);
          expect(v.validateProviderRuntimeEvent(event), `${field}: ${JSON.stringify(value)}`).toBe(stock(event));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('accepts the extension values (a sample)', () => {
    const samples: Array<[string, Record<string, unknown>]> = [
      ['item.completed', { itemType: 'image_generation', status: 'interrupted' }],
      ['item.completed', { itemType: 'command_execution', status: 'cancelled' }],
      ['request.opened', { requestType: 'permissions_approval' }],
      ['request.resolved', { requestType: 'tool_approval', decision: 'permission_denied' }],
      ['thread.state.changed', { state: 'unarchived' }],
      ['hook.completed', { hookId: 'h', outcome: 'blocked' }],
      ['task.updated', { taskId: 't', state: 'paused' }],
    ];
    for (const [type, payload] of samples) expect(firstError(exampleEvent(type, payload)), type).toBeUndefined();
    const synthetic = exampleEvent('item.completed', { itemType: 'unknown', status: 'interrupted' });
    synthetic.raw = { source: 'eventmap.synthetic', payload: null };
    expect(firstError(synthetic)).toBeUndefined();
  });
});

/** Required payload fields, read from the emitted schema.json (aliases followed). */
function requiredFields(type: string): string[] {
  const schema = JSON.parse(emitted.files.get('canonical/schema.json')!) as {
    definitions: Record<string, { $ref?: string; required?: string[] }>;
  };
  let def = schema.definitions[emitted.model.events[type]!.payloadName!]!;
  while (def.$ref) def = schema.definitions[def.$ref.replace('#/definitions/', '')]!;
  return def.required ?? [];
}
