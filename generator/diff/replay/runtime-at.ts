// The runtime with the mappers of another revision of mapping-spec.yaml (and canonical-model.yaml):
// that revision's table goes through this eventmap's emitter (unformatted: only its behaviour
// counts), its mappers.ts is transpiled with TypeScript and run by this eventmap's own runtime
// (each framing takes its mapper tables), in a checkout or an installed CLI alike. The rest of the
// runtime (helpers, framing, ids) is this eventmap's for both sides, so a replay shows only what
// the table does. A source whose emitted mappers are the same text at both revisions cannot
// change anything: the caller skips it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { createNormalizer } from '../../../runtime/index.ts';
import type { NormalizerOptions } from '../../../runtime/normalizer.ts';
import type { SourceName } from '../../../runtime/sources/names.ts';
import type { Framing, MapperTables } from '../../../runtime/sources/types.ts';
import type * as acp from '../../../runtime/sources/acp.ts';
import type * as claudeAgentSdk from '../../../runtime/sources/claude-agent-sdk.ts';
import type * as codexAppServer from '../../../runtime/sources/codex-app-server.ts';
import type * as codexSdk from '../../../runtime/sources/codex-sdk.ts';
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

/** Each source's framing factory: the module of runtime/ that exports it, and its name (checked here). */
const FRAMINGS = {
  'codex-app-server': {
    module: 'sources/codex-app-server',
    factory: 'codexAppServerFraming' satisfies keyof typeof codexAppServer,
  },
  'claude-agent-sdk': {
    module: 'sources/claude-agent-sdk',
    factory: 'claudeAgentSdkFraming' satisfies keyof typeof claudeAgentSdk,
  },
  'codex-sdk': { module: 'sources/codex-sdk', factory: 'codexSdkFraming' satisfies keyof typeof codexSdk },
  acp: { module: 'sources/acp', factory: 'acpFraming' satisfies keyof typeof acp },
} satisfies Record<SourceName, { module: string; factory: string }>;

/**
 * Where this eventmap's runtime modules are: a checkout's runtime/ sources, or the compiled
 * modules of the @eventmap/runtime package an installed CLI carries. Both sides of a replay, and
 * the mappers they run, load every module from here, so a helper's module state is one.
 */
function runtimeModules(): (module: string) => Promise<Record<string, unknown>> {
  let root = PACKAGE_ROOT;
  let ext = '.ts';
  if (!existsSync(join(root, 'runtime', 'index.ts'))) {
    const pkg = createRequire(import.meta.url).resolve('@eventmap/runtime/package.json');
    [root, ext] = [dirname(pkg), '.js'];
  }
  return (module) =>
    import(pathToFileURL(join(root, 'runtime', `${module}${ext}`)).href) as Promise<Record<string, unknown>>;
}

/** A generated mappers.ts's `../../runtime/<module>.ts` import → `<module>`; nothing else is a value import. */
const RUNTIME_IMPORT = /^\.\.\/\.\.\/runtime\/([a-z][\w-]*(?:\/[a-z][\w-]*)?)\.ts$/;

/**
 * One source's emitted mappers.ts as a module: transpiled to CommonJS (types erased), its runtime
 * imports served from `load`. The code is what generate would write from the revision's spec,
 * whose strings reach it through the same escaping layer.
 */
async function mapperModule(
  source: string,
  text: string,
  load: (module: string) => Promise<Record<string, unknown>>,
): Promise<MapperTables & { PROVIDER: string }> {
  // Loaded here: the compiler takes about a second to load, and every command registers diff.
  const { default: ts } = await import('typescript');
  const { outputText } = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: `${source}/mappers.ts`,
  });
  const modules = new Map<string, Record<string, unknown>>();
  for (const [, specifier] of outputText.matchAll(/\brequire\("([^"]*)"\)/g)) {
    const module = RUNTIME_IMPORT.exec(specifier!)?.[1];
    if (module === undefined)
      throw new EventmapError({
        code: 'diff/replay-mapper-import',
        message: `the mappers emitted for ${source} import ${specifier}, which is not a module of eventmap's runtime`,
      });
    modules.set(specifier!, await load(module));
  }
  const exports: Record<string, unknown> = {};
  new Function('exports', 'require', outputText)(exports, (specifier: string) => modules.get(specifier));
  return exports as unknown as MapperTables & { PROVIDER: string };
}

/**
 * The runtime with these mappers (source → mappers.ts text) in place of the generated ones: this
 * eventmap's framings, normalizer and helpers, each source's framing built on the given tables.
 */
export async function runtimeWith(mappers: Map<string, string>): Promise<ReplayRuntime> {
  const load = runtimeModules();
  const { normalizerFor } = (await load('normalizer')) as unknown as typeof import('../../../runtime/normalizer.ts');
  const normalizers = new Map<string, (options?: NormalizerOptions) => ReturnType<typeof normalizerFor>>();
  for (const [source, text] of mappers) {
    if (!Object.hasOwn(FRAMINGS, source)) continue;
    const name = source as SourceName;
    const tables = await mapperModule(source, text, load);
    const framing = (await load(FRAMINGS[name].module))[FRAMINGS[name].factory] as (tables: MapperTables) => Framing;
    const built = framing(tables);
    normalizers.set(source, (options = {}) => normalizerFor(name, built, tables.PROVIDER, options));
  }
  const create = (source: string, options?: NormalizerOptions) => {
    const make = normalizers.get(source);
    if (!make)
      throw new TypeError(
        `eventmap: unknown source ${String(source)}; expected one of ${[...normalizers.keys()].join(', ')}`,
      );
    return make(options);
  };
  return { createNormalizer: create as ReplayRuntime['createNormalizer'] };
}

/** A scratch folder for one replay, removed by the returned function. */
export function scratchDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-replay-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
