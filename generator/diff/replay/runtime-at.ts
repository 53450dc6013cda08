// The runtime with the mappers of another revision of mapping-spec.yaml (and canonical-model.yaml):
// that revision's table goes through this eventmap's emitter (unformatted: only its behaviour
// counts), and esbuild bundles runtime/index.ts with those mappers in place of generated/'s. The
// rest of the runtime (helpers, framing, ids) is the working tree's for both sides, so a replay
// shows only what the table does. A source whose emitted mappers are the same text at both
// revisions cannot change anything: the caller skips it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createNormalizer } from '../../../runtime/index.ts';
import { EventmapError } from '../../shared/diagnostics.ts';
import { PACKAGE_ROOT, type ProjectPaths } from '../../project/paths.ts';
import { emitSourceMappers, loadInputs } from '../../pipeline/pipeline.ts';
import { fileAtRevision, shortCommit, type Revision } from '../git.ts';
import { SPEC_FILE } from '../types.ts';

const MODEL_FILE = 'canonical-model.yaml';

/** What a replay needs of a runtime: a normalizer per source. */
export interface ReplayRuntime {
  createNormalizer: typeof createNormalizer;
}

/** The text of a project file at a revision (the working tree's when `rev` has no commit). */
function textAt(paths: ProjectPaths, rev: Revision, file: string): string | undefined {
  if (rev.commit) return fileAtRevision(paths.root, rev.commit, file);
  try {
    return readFileSync(join(paths.root, file), 'utf8');
  } catch {
    return undefined;
  }
}

function revisionName(rev: Revision): string {
  return rev.commit ? `${rev.label} (${shortCommit(rev.commit)})` : rev.label;
}

/**
 * Source → its mappers.ts as generate would emit it (unformatted) from the revision's spec and
 * model, against the working tree's upstream-schemas/. A model missing at the revision is the
 * working tree's.
 */
export function mappersAt(paths: ProjectPaths, rev: Revision, scratch: string): Map<string, string> {
  const spec = textAt(paths, rev, SPEC_FILE);
  if (spec === undefined)
    throw new EventmapError({
      code: 'diff/replay-no-spec',
      message: `${revisionName(rev)} has no ${SPEC_FILE}: there is no mapping to replay the recordings with`,
      hint: 'pick revisions that both have mapping-spec.yaml, or pass --recordings none to skip the replay',
    });
  const model = textAt(paths, rev, MODEL_FILE) ?? readFileSync(paths.model, 'utf8');
  const root = mkdtempSync(join(scratch, 'rev-'));
  writeFileSync(join(root, SPEC_FILE), spec);
  writeFileSync(join(root, MODEL_FILE), model);
  const revPaths: ProjectPaths = {
    root,
    spec: join(root, SPEC_FILE),
    model: join(root, MODEL_FILE),
    upstream: paths.upstream,
    generated: join(root, 'generated'),
  };
  try {
    const inputs = loadInputs(revPaths);
    const out = new Map<string, string>();
    for (const source of Object.keys(inputs.spec.sources))
      for (const [rel, text] of emitSourceMappers(inputs, revPaths, source)) out.set(rel.split('/')[0]!, text);
    return out;
  } catch (err) {
    if (!(err instanceof EventmapError)) throw err;
    throw new EventmapError(
      err.diagnostics.map((d) => ({
        ...d,
        message: `${d.message} (replaying with the mapping at ${revisionName(rev)})`,
        ...(d.file?.startsWith(root) ? { file: `${rev.label}:${d.file.slice(root.length + 1)}` } : {}),
      })),
    );
  }
}

/** The runtime with these mappers (source → mappers.ts text), bundled into `scratch` and imported. */
export async function runtimeWith(mappers: Map<string, string>, scratch: string, name: string): Promise<ReplayRuntime> {
  const runtimeDir = join(PACKAGE_ROOT, 'runtime');
  const generatedDir = join(PACKAGE_ROOT, 'generated');
  if (!existsSync(join(runtimeDir, 'index.ts')))
    throw new EventmapError({
      code: 'diff/replay-no-runtime-sources',
      message: "replaying recordings needs eventmap's runtime sources (runtime/), which an installed CLI does not ship",
      hint: 'run `eventmap diff --spec` from a checkout of eventmap, or pass --recordings none',
    });
  // A devDependency, named through a variable so that the CLI bundle leaves it out of the
  // installed package's dependencies (packages/eventmap/build.ts): a checkout has it.
  const builder = 'esbuild';
  const esbuild = (await import(builder).catch(() => {
    throw new EventmapError({
      code: 'diff/replay-no-esbuild',
      message: 'replaying recordings needs esbuild, which this installation lacks',
      hint: 'run eventmap from a checkout with its devDependencies installed, or pass --recordings none',
    });
  })) as typeof import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(runtimeDir, 'index.ts')],
    // Not the process's folder: esbuild's service keeps the one it started in, which a test's
    // scratch folder may have been, removed since.
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'eventmap-replay-mappers',
        setup(build) {
          build.onLoad({ filter: /[\\/]mappers\.ts$/ }, (args) => {
            const file = resolve(args.path);
            for (const [source, text] of mappers)
              if (file === join(generatedDir, source, 'mappers.ts'))
                return { contents: text, loader: 'ts', resolveDir: join(generatedDir, source) };
            return undefined;
          });
        },
      },
    ],
  });
  const dir = join(scratch, 'bundles');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  return (await import(pathToFileURL(file).href)) as ReplayRuntime;
}

/** A scratch folder for one replay, removed by the returned function. */
export function scratchDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-replay-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
