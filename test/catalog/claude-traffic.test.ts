// Real claude-agent-sdk traffic (every transcript under test/fixtures/transcripts, recorded from the
// real SDK) against the catalog: every message and stream event it carries must have a catalog name.
import { describe, expect, it } from 'vitest';
import { sdkMessages, transcripts } from '../conformance/transcripts.ts';
import { catalogOf } from './helpers.ts';

type Message = {
  type: string;
  subtype?: string;
  isReplay?: boolean;
  event?: { type: string; content_block?: { type: string }; delta?: { type: string } };
};

/** The catalog name of a message, per the naming the catalog documents (type, type:subtype, user[isReplay]). */
const nameOf = (m: Message) =>
  (m.type === 'system' || m.type === 'result' ? `${m.type}:${m.subtype}` : m.type) +
  (m.isReplay === true ? '[isReplay]' : '');

describe.each(['0.2.62', '0.3.332'])('claude-agent-sdk@%s traffic', (version) => {
  const messages = transcripts('claude-agent-sdk')
    .filter((t) => t.version === version)
    .flatMap((t) => sdkMessages(t) as unknown as Message[]);
  const catalog = catalogOf('claude-agent-sdk', version);
  const known = (kind: string) => new Set(catalog.entries.filter((e) => e.kind === kind).map((e) => e.name));

  it('carries only SDKMessage discriminants the catalog lists', () => {
    expect(messages.length).toBeGreaterThan(0);
    const unknown = messages.map(nameOf).filter((n) => !known('sdk-message').has(n));
    expect(unknown).toEqual([]);
  });

  it('carries only stream events, content blocks and deltas the catalog lists', () => {
    const events = messages.flatMap((m) => (m.type === 'stream_event' && m.event ? [m.event] : []));
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => !known('stream-event').has(e.type))).toEqual([]);
    expect(
      events
        .flatMap((e) => (e.content_block ? [e.content_block.type] : []))
        .filter((t) => !known('content-block').has(t)),
    ).toEqual([]);
    expect(
      events
        .flatMap((e) => (e.delta?.type?.endsWith('_delta') ? [e.delta.type] : []))
        .filter((t) => !known('content-delta').has(t)),
    ).toEqual([]);
  });
});
