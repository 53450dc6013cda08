// runtime/ids.ts computes UUID v5 itself (it runs for every event); it must give exactly what the
// `uuid` package gives, and must not throw where `uuid` would (lone surrogates).
import { v5 } from 'uuid';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENTMAP_NAMESPACE, eventIds, uuidV5 } from '../../runtime/ids.ts';

const names = [
  '',
  'a',
  'thread:019c1a2b-0000-7000-8000-000000000000',
  'é€𝄞 mixed UTF-8',
  'x'.repeat(39), // namespace + 39 + 0x80 + length = exactly one block
  'x'.repeat(40), // the length no longer fits: two blocks
  'x'.repeat(47),
  'x'.repeat(48),
  'y'.repeat(1000),
  '\u0800\uffff\u07ff\u0080\u007f',
  String.fromCodePoint(0x10ffff, 0x10000),
];
for (let n = 0; n < 140; n++) names.push(`${'z'.repeat(n)}ü`);

describe('uuidV5', () => {
  it('equals uuid v5 in eventmap’s namespace', () => {
    for (const name of names) expect(uuidV5(name), JSON.stringify(name)).toBe(v5(name, EVENTMAP_NAMESPACE));
  });

  it('encodes a lone surrogate as U+FFFD instead of throwing (uuid throws URIError)', () => {
    for (const odd of ['\ud800', 'a\udfffb', '\udc00\ud800']) {
      expect(() => v5(odd, EVENTMAP_NAMESPACE)).toThrow();
      expect(uuidV5(odd)).toBe(v5(odd.replace(/[\ud800-\udfff]/g, '\ufffd'), EVENTMAP_NAMESPACE));
    }
  });

  it('uuidV5 of a `${kind}:${id}` name is the same on every call', () => {
    expect(uuidV5('thread:t-1')).toBe(v5('thread:t-1', EVENTMAP_NAMESPACE));
    expect(uuidV5('thread:t-1')).toBe(v5('thread:t-1', EVENTMAP_NAMESPACE));
  });

  it('eventIds: the v5 of `event:<session>` with seq in its last 48 bits, unique per session and seq', () => {
    const seen = new Set<string>();
    const sessions = ['session-ü', 's', 'x'.repeat(36), 'y'.repeat(100), '\ud800'];
    for (const session of sessions) {
      const base = uuidV5(`event:${session}`);
      const ids = eventIds(session);
      for (const seq of [0, 1, 9, 10, 15, 16, 255, 256, 99999, 123456789, 2 ** 48 - 1]) {
        const id = ids(seq);
        expect(id.slice(0, 24), `${session}:${seq}`).toBe(base.slice(0, 24));
        expect(parseInt(id.slice(24), 16)).toBe(seq);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(ids(seq)).toBe(id); // deterministic
      }
      for (let seq = 0; seq < 300; seq++) seen.add(ids(seq));
    }
    expect(seen.size).toBe(sessions.length * 300);
    // Out of the node field's range: hashed whole.
    expect(eventIds('s')(-1)).toBe(v5('event:s:-1', EVENTMAP_NAMESPACE));
    expect(eventIds('s')(1.5)).toBe(v5('event:s:1.5', EVENTMAP_NAMESPACE));
    expect(eventIds('s')(2 ** 48)).toBe(v5(`event:s:${2 ** 48}`, EVENTMAP_NAMESPACE));
  });
});

describe('uuidV5 of any string', () => {
  // Names around the block boundaries are in `names`; any UTF-16, lone surrogates as U+FFFD.
  it('equals uuid v5 of the name', () => {
    for (const unit of ['binary', 'binary-ascii'] as const) {
      fc.assert(
        fc.property(fc.string({ unit, maxLength: 300 }), (name) => {
          expect(uuidV5(name)).toBe(v5(name.replace(/[\ud800-\udfff]/gu, '\ufffd'), EVENTMAP_NAMESPACE));
        }),
        { numRuns: 400 },
      );
    }
  });

  it('a long name grows the shared buffer and leaves later names alike', () => {
    const before = uuidV5('item_0');
    expect(uuidV5('z'.repeat(100_000))).toBe(v5('z'.repeat(100_000), EVENTMAP_NAMESPACE));
    expect(uuidV5('item_0')).toBe(before);
  });
});
