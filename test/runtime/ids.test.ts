// runtime/ids.ts computes UUID v5 itself (it runs for every event); it must give exactly what the
// `uuid` package gives, and must not throw where `uuid` would (lone surrogates).
import { v5 } from 'uuid';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENTMAP_NAMESPACE, eventIds, UuidPrefix, uuidV5 } from '../../runtime/ids.ts';

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

describe('UuidPrefix', () => {
  const expected = (name: string) => v5(name.replace(/[\ud800-\udfff]/gu, '\ufffd'), EVENTMAP_NAMESPACE);

  // The prefix's whole blocks are hashed ahead: every split of a name around the block boundaries
  // (prefixes of 47–49 and 111–113 characters: namespace + prefix = 64, 128 bytes) must give the
  // name's own UUID.
  it('gives uuid v5 of prefix + rest for every length around the block boundaries', () => {
    for (const p of [0, 1, 47, 48, 49, 55, 56, 63, 64, 111, 112, 113, 200]) {
      const prefix = new UuidPrefix('p'.repeat(p));
      for (let r = 0; r < 140; r++) {
        const rest = 'r'.repeat(r);
        expect(prefix.uuid(rest), `${p}+${r}`).toBe(v5(`${'p'.repeat(p)}${rest}`, EVENTMAP_NAMESPACE));
      }
    }
  });

  it('gives the same when the prefix or the rest is not ASCII, or holds a lone surrogate (as U+FFFD)', () => {
    for (const [p, r] of [
      ['turn:5:ü-sess:', 'x'],
      ['item:3:abc:', 'é€𝄞'],
      ['x'.repeat(60), '\ud800'],
      ['\udc00'.repeat(50), 'y'],
      ['\u007f', '\u0080'],
    ] as const) {
      expect(new UuidPrefix(p).uuid(r), JSON.stringify([p, r])).toBe(expected(p + r));
    }
  });

  it('equals uuid v5 of the concatenation for any strings', () => {
    for (const unit of ['binary', 'binary-ascii'] as const) {
      fc.assert(
        fc.property(fc.string({ unit, maxLength: 150 }), fc.string({ unit, maxLength: 150 }), (p, r) => {
          expect(new UuidPrefix(p).uuid(r)).toBe(expected(p + r));
        }),
        { numRuns: 400 },
      );
    }
  });

  it('one prefix serves many names (no state leaks between them)', () => {
    const head = `item:36:${'s'.repeat(36)}:36:${'t'.repeat(36)}:`;
    const prefix = new UuidPrefix(head);
    const ids = ['item_0', 'x'.repeat(100), '', 'item_1', 'ü', 'item_0'];
    const first = ids.map((id) => prefix.uuid(id));
    new UuidPrefix('z'.repeat(100_000)).uuid('grows the shared buffer');
    expect(ids.map((id) => prefix.uuid(id))).toEqual(first);
    expect(first).toEqual(ids.map((id) => expected(head + id)));
  });
});
