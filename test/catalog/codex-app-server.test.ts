// codex-app-server catalog counts, against counts taken straight from the snapshot JSON.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogCounts } from '../../generator/catalog/render.ts';
import { catalogOf, readJson, snapshotDir } from './helpers.ts';

type Union = { oneOf: { properties: Record<string, { enum: string[] }> }[] };

/** Discriminant values of a top-level oneOf, read without the catalog code. */
function valuesOf(version: string, file: string, prop: string): string[] {
  const doc = readJson(join(snapshotDir('codex-app-server', version), file)) as Union;
  return doc.oneOf.map((m) => m.properties[prop]!.enum[0]!).sort();
}

describe.each([
  { version: '0.171.0', notifications: 87, requests: 10, eventmsg: undefined },
  { version: '0.105.0', notifications: 35, requests: 8, eventmsg: 75 },
])('codex-app-server@$version', ({ version, notifications, requests, eventmsg }) => {
  const catalog = catalogOf('codex-app-server', version);
  const names = (kind: string) => catalog.entries.filter((e) => e.kind === kind).map((e) => e.name);

  it(`has ${notifications} notifications and ${requests} requests, as the snapshot's oneOf lists`, () => {
    expect(valuesOf(version, 'ServerNotification.json', 'method')).toHaveLength(notifications);
    expect(valuesOf(version, 'ServerRequest.json', 'method')).toHaveLength(requests);
    expect(names('notification')).toEqual(valuesOf(version, 'ServerNotification.json', 'method'));
    expect(names('request')).toEqual(valuesOf(version, 'ServerRequest.json', 'method'));
  });

  it(eventmsg ? `has ${eventmsg} legacy EventMsg types` : 'has no legacy EventMsg types', () => {
    const counts = catalogCounts(catalog);
    expect(counts.eventmsg).toBe(eventmsg);
    if (eventmsg) expect(names('eventmsg')).toEqual(valuesOf(version, 'EventMsg.json', 'type'));
  });
});
