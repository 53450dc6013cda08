// A source's mappers are a stage keyed by that source's part of the spec (generator/emit/mappers/
// input.ts) without line numbers (generator/mapping/positions.ts), issue 17: an edit to one source's
// mappings rebuilds that source's mappers alone, a comment rebuilds none, and each run writes the
// bytes a from-scratch run writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { mapperSpec } from '../../generator/emit/mappers/input.ts';
import { loadInputs, emitSourceMappers, runGenerate } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { parsedLoc, positionFreeJson } from '../../generator/mapping/positions.ts';
import { emitMappers } from '../../generator/emit/mappers/index.ts';
import { mapperTyping } from '../../generator/emit/mappers/upstream-typing.ts';
import { generate, hostileProject, REPO, type HostileProject } from '../security/hostile-project.ts';
import { scratchDir } from '../scratch.ts';

const SPEC_TEXT = readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8');
const SOURCES = Object.keys((parse(SPEC_TEXT) as { sources: object }).sources);

describe("a source's part of the spec", () => {
  const inputs = loadInputs(projectPaths(REPO));

  it.each(SOURCES)('%s: its mappers from that part alone are the mappers from the whole spec', (source) => {
    const whole = emitMappers({
      spec: inputs.spec,
      model: inputs.model,
      source,
      ...mapperTyping(inputs.catalogs[source] ?? []),
    });
    expect(emitSourceMappers(inputs, projectPaths(REPO), source)).toEqual(whole);
  });

  it.each(SOURCES)('%s: its key ignores lines moved by a comment, not an edit', (source) => {
    const key = (text: string) => positionFreeJson(mapperSpec(parseSpec(text, 'mapping-spec.yaml'), source));
    const base = key(SPEC_TEXT);
    expect(key(`# one\n# two\n\n${SPEC_TEXT}`)).toBe(base);
    const entry = inputs.spec.entries.find((e) => e.source === source)!;
    const doc = parseDocument(SPEC_TEXT);
    doc.setIn(['mappings', source, entry.kind, entry.name], { ignore: 'edited' });
    const edited = doc.toString({ lineWidth: 0 });
    expect(key(edited)).not.toBe(base);
  });

  it('keeps a value that only looks like a location whole', () => {
    const constant = { file: 'a', line: 3, col: 4 };
    expect(JSON.parse(positionFreeJson({ constant }))).toEqual({ constant });
    expect(JSON.parse(positionFreeJson({ loc: parsedLoc({ ...constant, node: { path: ['x'] } }) }))).toEqual({
      loc: { node: { path: ['x'] } },
    });
  });
});

describe('the mappers stage', () => {
  let p: HostileProject;
  const saved = process.env.EVENTMAP_CACHE_DIR;
  beforeAll(async () => {
    p = hostileProject(SOURCES);
    // The first generate may use the suite's shared emit cache (the inputs are the checkout's);
    // the runs below get a cache of their own, so that what they build is built, not found.
    const o = await generate(p);
    if (o.kind !== 'generated') throw new Error(JSON.stringify(o.diagnostics));
    process.env.EVENTMAP_CACHE_DIR = scratchDir('eventmap-mapper-stage-');
  });
  afterAll(() => {
    p.remove();
    if (saved === undefined) delete process.env.EVENTMAP_CACHE_DIR;
    else process.env.EVENTMAP_CACHE_DIR = saved;
  });

  /** Where each source's mappers came from; a run that built any also wrote what a from-scratch run writes. */
  async function run(): Promise<Record<string, string | undefined>> {
    const r = await runGenerate(projectPaths(p.root));
    const origins = Object.fromEntries(SOURCES.map((s) => [s, r.stages.get(`mappers ${s}`)]));
    if (Object.values(origins).some((o) => o !== 'committed')) {
      process.env.EVENTMAP_CACHE = '0';
      try {
        expect(r.files).toEqual((await runGenerate(projectPaths(p.root))).files);
      } finally {
        delete process.env.EVENTMAP_CACHE;
      }
    }
    return origins;
  }

  it('a comment rebuilds no mappers; an edit rebuilds its source only', async () => {
    p.editYaml('mapping-spec.yaml', (d) => {
      d.commentBefore = ` a comment\n${d.commentBefore ?? ''}`;
    });
    expect(Object.values(await run()).every((o) => o === 'committed')).toBe(true);
    p.editYaml('mapping-spec.yaml', (d) => {
      d.setIn(['mappings', 'codex-sdk', 'thread-event', 'turn.failed', 'emit', 0, 'payload', 'state'], 'interrupted');
    });
    const origins = await run();
    expect(origins['codex-sdk']).toBe('built');
    for (const s of SOURCES.filter((x) => x !== 'codex-sdk')) expect(origins[s], s).toBe('committed');
  });
});
