// Each source's analysis from the cache (generator/pipeline/cached-analysis.ts, issue 17) is the
// analysis of the spec as it is now: the same findings and coverage rows, with the lines they have
// after a comment moved them; an edit to one source re-checks that source alone; a damaged entry
// is a miss.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';
import { emitCache } from '../../generator/io/cache.ts';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { cachedAnalysis } from '../../generator/pipeline/cached-analysis.ts';
import { analyzeSpec, type SpecAnalysis } from '../../generator/mapping/analyze.ts';
import { parseSpec } from '../../generator/mapping/load.ts';
import { REPO } from '../security/hostile-project.ts';
import { scratchDir } from '../scratch.ts';

const inputs = loadInputs(projectPaths(REPO));
const { catalogs, model, hashes } = inputs;
const TEXT = readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8');

/** The real spec with findings of two kinds: one entry removed (a gap) and one made a draft (needs review). */
function withFindings(): string {
  const doc = parseDocument(TEXT);
  const [gone, draft] = inputs.spec.entries.filter((e) => e.source === 'codex-app-server');
  doc.deleteIn(['mappings', gone!.source, gone!.kind, gone!.name]);
  doc.setIn(['mappings', draft!.source, draft!.kind, draft!.name], { ignore: 'TODO decide' });
  return doc.toString({ lineWidth: 0 });
}

/** Sources analysed afresh by the last `analyze` with a cache (the others were served by it). */
let computed: string[] = [];

function analyze(text: string, cacheDir?: string): SpecAnalysis {
  const spec = parseSpec(text, 'mapping-spec.yaml');
  if (cacheDir === undefined) return analyzeSpec(spec, catalogs, model, HELPER_MANIFEST);
  const cached = cachedAnalysis(emitCache(cacheDir), spec, catalogs, hashes);
  computed = [];
  return analyzeSpec(spec, catalogs, model, HELPER_MANIFEST, (source, part, run) =>
    cached(source, part, () => {
      computed.push(source);
      return run();
    }),
  );
}

const entries = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.json')).length;

describe('analysis cache', () => {
  it('a hit is the analysis, with every location where the spec has it now', () => {
    const dir = scratchDir('eventmap-analysis-cache-');
    const text = withFindings();
    const fresh = analyze(text);
    const categories = (a: SpecAnalysis) => a.findings.map((f) => f.category).sort();
    expect(categories(fresh)).toEqual([...categories(analyze(TEXT)), 'gap', 'review'].sort());
    const sources = Object.keys(inputs.spec.sources);
    expect(isDeepStrictEqual(analyze(text, dir), fresh)).toBe(true); // misses: analysed, stored
    expect(computed).toEqual(sources);
    const stored = entries(dir);
    expect(stored).toBe(sources.length);
    expect(isDeepStrictEqual(analyze(text, dir), fresh)).toBe(true);
    expect(computed).toEqual([]);
    // Three lines on top: every source hits, and every location moves with its node.
    const moved = `# one\n# two\n# three\n${text}`;
    const hit = analyze(moved, dir);
    expect(computed).toEqual([]);
    expect(entries(dir)).toBe(stored);
    expect(isDeepStrictEqual(hit, analyze(moved))).toBe(true);
    expect(hit.findings.map((f) => f.loc!.line)).toEqual(fresh.findings.map((f) => f.loc!.line + 3));
  });

  it('re-checks only the source whose part changed, and reads a damaged entry as a miss', () => {
    const dir = scratchDir('eventmap-analysis-cache-');
    analyze(TEXT, dir);
    const before = entries(dir);
    const doc = parseDocument(TEXT);
    const entry = inputs.spec.entries.find((e) => e.source === 'codex-sdk')!;
    doc.setIn(['mappings', entry.source, entry.kind, entry.name], { ignore: 'edited' });
    const edited = doc.toString({ lineWidth: 0 });
    expect(isDeepStrictEqual(analyze(edited, dir), analyze(edited))).toBe(true);
    expect(computed).toEqual(['codex-sdk']);
    expect(entries(dir)).toBe(before + 1);
    for (const f of readdirSync(dir)) {
      const stored = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { key: string };
      writeFileSync(join(dir, f), JSON.stringify({ ...stored, files: [['text', '{"findings": 1}']] }));
    }
    const again = analyze(edited, dir);
    expect(computed).toEqual(Object.keys(inputs.spec.sources));
    expect(isDeepStrictEqual(again, analyze(edited))).toBe(true);
  });
});
