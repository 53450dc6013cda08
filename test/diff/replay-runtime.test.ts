// The runtime a replay runs (generator/diff/replay/runtime-at.ts: emitted mappers transpiled and
// run by eventmap's own framings) given generated/'s own mappers is the runtime apps import: every
// recording normalises to the same events through both.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeWith, type ReplayRuntime } from '../../generator/diff/replay/runtime-at.ts';
import { createNormalizer, SOURCES, type SourceName } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { REPO } from './helpers.ts';

let replay: ReplayRuntime;

beforeAll(async () => {
  const generated = join(REPO, 'generated');
  const mappers = new Map(
    readdirSync(generated)
      .filter((source) => (SOURCES as readonly string[]).includes(source))
      .map((source) => [source, readFileSync(join(generated, source, 'mappers.ts'), 'utf8')]),
  );
  expect([...mappers.keys()].sort()).toEqual([...SOURCES].sort());
  replay = await runtimeWith(mappers);
});

function events(create: ReplayRuntime['createNormalizer'], source: SourceName, lines: string[]): unknown[] {
  const n = create(source, { clock: () => 0, deriveSessionId: true });
  return [...lines.flatMap((l) => n.push(l)), ...n.end().events];
}

describe("the replay's runtime", () => {
  it("with generated/'s mappers, normalises every recording as the runtime does", () => {
    const all = transcripts();
    expect(new Set(all.map((t) => t.source))).toEqual(new Set(SOURCES));
    for (const t of all)
      expect(events(replay.createNormalizer, t.source, t.lines), t.file).toEqual(
        events(createNormalizer, t.source, t.lines),
      );
  });
});
