// JSON-RPC ids (issue 29): `1` and `"1"` are two requests, each resolved by its own answer; an id
// reused while its request is open closes that request (and says so) instead of hiding it.
import { describe, expect, it } from 'vitest';
import { validateProviderRuntimeEvent } from '../../generated/canonical/validate.js';
import { createNormalizer } from '../../runtime/index.ts';
import { requestIdOf } from '../../runtime/values.ts';
import { loose } from './loose.ts';

const approval = (id: number | string, item: string) =>
  JSON.stringify({
    method: 'item/commandExecution/requestApproval',
    id,
    params: { threadId: 't1', turnId: 'u1', itemId: item, command: 'ls', cwd: '/w', reason: null },
  });
const answer = (id: number | string, decision: string) =>
  JSON.stringify({ dir: 'c2s', ts: 0, line: JSON.stringify({ id, result: { decision } }) });

describe('request ids', () => {
  it.each([
    [1, '1'],
    ['1', '"1"'],
    ['-2.5', '"-2.5"'],
    ['01', '01'],
    ['req-1', 'req-1'],
    [' 7 ', '"7"'],
  ])('requestIdOf(%j) is %j', (given, want) => expect(requestIdOf(given)).toBe(want));

  it('1 and "1" are two requests, each resolved by its own answer', () => {
    const n = createNormalizer('codex-app-server', { sessionId: 's' });
    const events = loose(
      [approval(1, 'a'), approval('1', 'b'), answer('1', 'decline'), answer(1, 'accept')].flatMap((l) => n.push(l)),
    );
    const opened = events.filter((e) => e.type === 'request.opened');
    expect(new Set(opened.map((e) => e.requestId)).size).toBe(2);
    const resolved = events.filter((e) => e.type === 'request.resolved');
    expect(resolved.map((e) => [e.providerRefs?.providerItemId, e.payload.decision])).toEqual([
      ['b', 'declined'],
      ['a', 'accepted'],
    ]);
    expect(events.some((e) => e.type === 'runtime.warning')).toBe(false);
  });

  it('an id reused while its request is open: a warning, and the older request is closed, expired', () => {
    const n = createNormalizer('codex-app-server', { sessionId: 's' });
    const events = loose([approval(5, 'a'), approval(5, 'b'), answer(5, 'accept')].flatMap((l) => n.push(l)));
    expect(events.map((e) => [e.type, e.providerRefs?.providerItemId, e.payload.decision])).toEqual([
      ['request.opened', 'a', undefined],
      ['runtime.warning', undefined, undefined],
      ['request.resolved', 'a', 'expired'],
      ['request.opened', 'b', undefined],
      ['request.resolved', 'b', 'accepted'],
    ]);
    expect(events.filter((e) => e.type === 'request.resolved')[0]!.raw.source).toBe('eventmap.synthetic');
    expect(events.filter((e) => !validateProviderRuntimeEvent(e))).toEqual([]);
    expect(n.end().events.filter((e) => e.type === 'request.resolved')).toEqual([]);
  });
});
