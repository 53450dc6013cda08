// `generate`: upstream snapshots + canonical model + mapping spec → every file under generated/.
// Pure: returns the files; the command writes them atomically.
import { HELPER_MANIFEST } from '../../runtime/helpers/manifest.ts';
import { catalogLoader } from './cached-catalog.ts';
import { resolveVersion, snapshotFromDir, type SnapshotRef } from '../catalog/snapshots.ts';
import type { Catalog } from '../catalog/types.ts';
import { EventmapError, type Diagnostic } from '../shared/diagnostics.ts';
import { cacheDir, cacheKey, emitCache } from '../io/cache.ts';
import { FORMAT_ID, formatChunks, formatFiles } from '../emit/format.ts';
import { buildCoverage, emitCoverage, type CoverageReport } from '../emit/coverage.ts';
import {
  buildManifest,
  hashInputs,
  MANIFEST,
  memoFileHasher,
  memoLister,
  snapshotKeyParts,
  type InputHashes,
} from '../emit/manifest.ts';
import { emitMappers } from '../emit/mappers/index.ts';
import { mapperSpec } from '../emit/mappers/input.ts';
import { mapperTyping } from '../emit/mappers/upstream-typing.ts';
import { stageRunner, type StageOrigin } from '../emit/stages.ts';
import { sha256, stableJson } from '../io/fsutil.ts';
import { loadModelCached } from './cached-model.ts';
import type { CanonicalModel } from '../model/types.ts';
import type { ProjectPaths } from '../project/paths.ts';
import { analyzeSpec, type SpecAnalysis } from '../mapping/analyze.ts';
import { cachedAnalysis } from './cached-analysis.ts';
import { GENERATES_THROUGH, type Finding } from '../mapping/findings.ts';
import { loadSpec } from '../mapping/load.ts';
import { positionFreeJson } from '../mapping/positions.ts';
import { SPEC_SCHEMA } from '../mapping/spec-schema.ts';
import type { MappingSpec } from '../mapping/types.ts';
import type { SourceName } from '../project/sources.ts';
import type { PipelineOptions } from './options.ts';
import { compareVersions } from '../mapping/presence.ts';

export { isWhatIf, type PipelineOptions } from './options.ts';

export interface Inputs {
  spec: MappingSpec;
  model: CanonicalModel;
  catalogs: Record<string, Catalog[]>;
  analysis: SpecAnalysis;
  /** Hashes of everything generate reads (see emit/manifest.ts). */
  hashes: InputHashes;
}

/** Load and analyse everything generate reads; throws EventmapError when the inputs are unusable. */
export function loadInputs(paths: ProjectPaths, options: PipelineOptions = {}): Inputs {
  const hashFile = memoFileHasher();
  const list = memoLister();
  const cache = emitCache(cacheDir());
  const loadCatalog = catalogLoader(cache, hashFile, list);
  const spec = loadSpec(paths.spec);
  const model = loadModelCached(paths.model, cache);
  const catalogs: Record<string, Catalog[]> = {};
  for (const [source, src] of Object.entries(spec.sources)) {
    const override = options.upstreamOverrides?.[source as SourceName];
    if (override) catalogs[source] = [loadCatalog(snapshotFromDir(source as SourceName, override))];
    else
      catalogs[source] = src.snapshots.map((s) => {
        try {
          return loadCatalog(resolveVersion(paths.upstream, source as SourceName, s.version));
        } catch (err) {
          // A version the spec lists but upstream-schemas/ lacks: the spec's mistake, located there.
          if (err instanceof EventmapError && err.diagnostics[0]?.code === 'cli/unknown-version')
            throw new EventmapError({ ...err.diagnostics[0], code: 'spec/unknown-snapshot', ...s.loc });
          throw err;
        }
      });
  }
  for (const ref of options.withSnapshots ?? []) addSnapshot(spec, catalogs, ref, loadCatalog);
  const hashes = hashInputs(
    paths,
    Object.values(catalogs).flatMap((cs) => cs.map((c) => c.dir)),
    hashFile,
    list,
  );
  const analysis = analyzeSpec(spec, catalogs, model, HELPER_MANIFEST, cachedAnalysis(cache, spec, catalogs, hashes));
  // Bounded here too: check and diff (what-ifs with --with/--upstream) add entries and never generate.
  cache.prune();
  return { spec, model, catalogs, analysis, hashes };
}

/** `--with`: one more snapshot in a source's supported set; a version already there is a mistake, not a no-op. */
function addSnapshot(
  spec: MappingSpec,
  catalogs: Record<string, Catalog[]>,
  ref: SnapshotRef,
  loadCatalog: (ref: SnapshotRef) => Catalog,
): void {
  const list = catalogs[ref.source];
  if (!spec.sources[ref.source] || !list) {
    throw new EventmapError({
      code: 'cli/unknown-source',
      message: `--with ${ref.source}@${ref.version}: mapping-spec.yaml has no sources.${ref.source}`,
      hint: `add sources.${ref.source} (provider and snapshots) to mapping-spec.yaml first`,
    });
  }
  if (list.some((c) => c.version === ref.version)) {
    throw new EventmapError({
      code: 'cli/already-supported',
      message: `--with ${ref.source}@${ref.version}: that version is already in the set checked`,
      hint: `drop --with, or use \`--upstream ${ref.source}=<dir>\` to check a folder in place of the supported snapshots`,
    });
  }
  list.push(loadCatalog(ref));
  list.sort((a, b) => compareVersions(a.version, b.version));
}

export function findingToDiagnostic(f: Finding): Diagnostic {
  return {
    code: f.code,
    message: f.message,
    ...(f.hint ? { hint: f.hint } : {}),
    ...(f.loc ? { file: f.loc.file, line: f.loc.line, col: f.loc.col } : {}),
  };
}

/** A source's mappers, unformatted. */
export function emitSourceMappers(inputs: Inputs, paths: ProjectPaths, source: string): Map<string, string> {
  // Mappers take the upstream type of their message or answer (every supported snapshot that has it).
  return emitMappers({
    spec: mapperSpec(inputs.spec, source),
    model: inputs.model,
    source,
    ...mapperTyping(inputs.catalogs[source] ?? []),
  });
}

export interface GenerateResult {
  /** Paths relative to generated/ → contents. */
  files: Map<string, string>;
  inputs: Inputs;
  /** Where each expensive stage's files came from: the last generate's output, the emit cache, or built. */
  stages: ReadonlyMap<string, StageOrigin>;
}

/** What the inputs cover: generated/coverage.json, and the sources check reports. */
export function coverageOf(inputs: Inputs): CoverageReport {
  return buildCoverage(inputs.spec, inputs.analysis.coverage, inputs.analysis.findings, (s) =>
    (inputs.catalogs[s] ?? []).map((c) => c.version),
  );
}

export async function runGenerate(paths: ProjectPaths, options: PipelineOptions = {}): Promise<GenerateResult> {
  const inputs = loadInputs(paths, options);
  // Coverage gaps do not stop generate (the report shows them and `check` fails on them);
  // anything else wrong in the spec does.
  const blocking = inputs.analysis.findings.filter((f) => !GENERATES_THROUGH.has(f.category));
  if (blocking.length) throw new EventmapError(blocking.map(findingToDiagnostic));
  const files = new Map<string, string>();
  // The expensive stages, each served from generated/ as its manifest records it, else from the
  // emit cache, else built (emit/stages.ts). The compilers (Ajv, json-schema-to-typescript) load
  // only when a stage is built.
  const dir = cacheDir();
  const cache = emitCache(dir);
  const stages = stageRunner(
    dir === undefined || options.reuseGenerated === false ? undefined : paths.generated,
    cache,
  );
  const { hashes } = inputs;
  const canonicalKey = cacheKey(['canonical', hashes.code, FORMAT_ID, hashes.model]);
  const canonical = await stages.files('canonical', canonicalKey, async () =>
    formatFiles(await (await import('../emit/canonical/index.ts')).emitCanonical(inputs.model)),
  );
  for (const [rel, text] of canonical) files.set(rel, text);
  for (const source of Object.keys(inputs.spec.sources)) {
    const catalogs = inputs.catalogs[source] ?? [];
    // Keyed by snapshot content (and order), not folder: an --upstream copy hits too.
    const key = cacheKey(['upstream', hashes.code, FORMAT_ID, source, ...snapshotKeyParts(catalogs, hashes)]);
    const upstream = await stages.files(`upstream ${source}`, key, async () => {
      const [{ emitUpstreamTypes }, { emitUpstreamValidators }] = await Promise.all([
        import('../emit/upstream-types.ts'),
        import('../emit/upstream-validators.ts'),
      ]);
      return formatFiles(new Map([...(await emitUpstreamTypes(catalogs)), ...emitUpstreamValidators(catalogs)]));
    });
    for (const [rel, text] of upstream) files.set(rel, text);
    // Keyed by what the mappers are made of, so a spec edit elsewhere (or a comment) emits nothing.
    const mappersKey = cacheKey([
      'mappers',
      hashes.code,
      FORMAT_ID,
      source,
      hashes.model,
      ...snapshotKeyParts(catalogs, hashes),
      sha256(positionFreeJson(mapperSpec(inputs.spec, source))),
    ]);
    const mappers = await stages.files(`mappers ${source}`, mappersKey, async () => {
      const formatted = new Map<string, string>();
      for (const [rel, text] of emitSourceMappers(inputs, paths, source))
        formatted.set(rel, await formatChunks(text, cache));
      return formatted;
    });
    for (const [rel, text] of mappers) files.set(rel, text);
  }
  files.set('mapping-spec.schema.json', stableJson(SPEC_SCHEMA));
  for (const [rel, text] of emitCoverage(coverageOf(inputs))) files.set(rel, text);
  files.set(MANIFEST, buildManifest(hashes.all, files, stages.records()));
  cache.prune(); // bounded: the least recently used entries go when this run added some
  return { files, inputs, stages: stages.origins };
}
