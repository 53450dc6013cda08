// `eventmap upstream add <source>@<version>`: install the real package as of its release (every
// dependency resolved at the release's cut-off, release-date.ts), write its snapshot and
// provenance.json, and move it into upstream-schemas/<source>/<version>/ in one rename. A version
// already vendored is refused unless `overwrite` (re-vendoring should give the same bytes).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '../io/fsutil.ts';
import { jsonOutput } from '../output/json.ts';
import { writeTreeAtomic, type TreeWrite } from '../io/tree-write.ts';
import type { SourceName } from '../project/sources.ts';
import { ingestAcp } from './acp.ts';
import { ingestClaudeAgentSdk } from './claude-agent-sdk.ts';
import { ingestCodexAppServer } from './codex-app-server.ts';
import { ingestCodexSdk } from './codex-sdk.ts';
import type { Ingester } from './ingester.ts';
import { lockedVersions, npmInstall } from './npm.ts';
import { npmRegistry, releaseDate, type Registry } from './release-date.ts';
import { sandboxStatus, type Confinement, type SandboxStatus } from './sandbox.ts';
import { readUpstreamOutput } from './read-output.ts';
import { canonicalJson } from '../io/canonical-json.ts';
import { parseSourceAtVersion } from './source-at-version.ts';
import { EventmapError } from '../shared/diagnostics.ts';

const INGESTERS: Record<SourceName, Ingester> = {
  'codex-app-server': ingestCodexAppServer,
  'claude-agent-sdk': ingestClaudeAgentSdk,
  'codex-sdk': ingestCodexSdk,
  acp: ingestAcp,
};

export interface Provenance {
  source: SourceName;
  package: string;
  version: string;
  integrity: string;
  command: string;
  eventmapCommand: string;
  /** When the release was published, and the cut-off its dependencies were resolved at (ISO). */
  published: string;
  resolvedBefore: string;
  installed: Record<string, string>;
  /** How the upstream binary ran (or that none ran). Older provenance files lack the last three. */
  confinement: Confinement;
  files: Record<string, string>;
}

export interface AddOptions {
  /** One line per step, for stderr: the install alone takes tens of seconds. */
  progress?: (message: string) => void;
  /** Replace a version already vendored (otherwise refused). */
  overwrite?: boolean;
  /** Run an upstream binary without the sandbox (`--unconfined`; recorded in provenance.json). */
  unconfined?: boolean;
  /** Stand-ins for tests (no network): the installer, the registry, the source's ingester, the sandbox probe. */
  install?: typeof npmInstall;
  registry?: Registry;
  ingester?: Ingester;
  sandbox?: () => SandboxStatus;
}

export interface Added {
  source: SourceName;
  version: string;
  dir: string;
  provenance: Provenance;
  /** Files written into the snapshot folder, provenance.json included. */
  files: number;
  /** Whether it replaced a vendored version, and how many of its files changed. */
  replaced?: TreeWrite;
}

export function addUpstream(upstreamRoot: string, arg: string, options: AddOptions = {}): Added {
  const { source, version } = parseSourceAtVersion(arg);
  const ingester = options.ingester ?? INGESTERS[source];
  const pkg = ingester.npmPackage;
  const progress = options.progress ?? (() => {});
  const dir = join(upstreamRoot, source, version);
  const existed = existsSync(dir);
  if (existed && !options.overwrite)
    throw new EventmapError({
      code: 'upstream/already-vendored',
      message: `${source}@${version} is already vendored in ${dir}`,
      hint: `pass --overwrite to vendor it again (the files should come out byte-identical; \`git diff\` shows any change), or \`eventmap upstream support ${source}@${version}\` to list it in the spec`,
    });
  // Preflight: what would stop the run after a long install is checked before it.
  if (ingester.runsUpstreamCode && !options.unconfined) {
    const sandbox = (options.sandbox ?? sandboxStatus)();
    if (!sandbox.available)
      throw new EventmapError({
        code: 'upstream/no-sandbox',
        message: `${source}'s snapshot is written by the upstream binary, which runs only in the sandbox, and ${sandbox.reason}: nothing was installed`,
        hint: 'install bubblewrap (Debian/Ubuntu: `apt-get install -y bubblewrap`) where user namespaces are allowed, then re-run; or pass --unconfined to run it with your full access (provenance.json records it)',
      });
  }
  progress(`asking the npm registry when ${pkg}@${version} was released`);
  const when = releaseDate(options.registry ?? npmRegistry, pkg, version);
  const scratch = mkdtempSync(join(tmpdir(), `eventmap-${source}-`));
  try {
    progress(`installing ${pkg}@${version} from npm, every dependency as of ${when.before}`);
    const installed = (options.install ?? npmInstall)(
      join(scratch, 'install'),
      pkg,
      version,
      ingester.npmInstallArgs,
      when.before,
    );
    const staging = join(scratch, 'snapshot');
    progress(`extracting the ${source} snapshot from the installed package (offline)`);
    const ingested = ingester.ingest({ ...installed, resolvedBefore: when.before }, staging, scratch, {
      unconfined: options.unconfined,
    });
    // Names, count and sizes checked before anything is read (read-output.ts).
    const files = readUpstreamOutput(staging);
    if (!ingester.verbatim)
      for (const [rel, text] of files) if (rel.endsWith('.json')) files.set(rel, canonicalJson(text));
    const provenance: Provenance = {
      source,
      package: pkg,
      version,
      integrity: installed.integrity,
      command: ingested.command,
      eventmapCommand: `eventmap upstream add ${source}@${version}`,
      published: when.published,
      resolvedBefore: when.before,
      // Read again: an ingester may have installed missing imports (complete-imports.ts).
      installed: lockedVersions(installed.scratch) ?? installed.resolved,
      confinement: ingested.confinement ?? { sandbox: 'none', ranUpstreamCode: false },
      files: Object.fromEntries([...files].map(([rel, text]) => [rel, `sha256-${sha256(text)}`])),
    };
    // Through the output layer: what the registry or the lockfile says is written with its
    // unprintable characters escaped (the same JSON, parsed).
    files.set('provenance.json', jsonOutput(provenance));
    progress(`writing ${files.size} files to ${dir}`);
    const wrote = writeTreeAtomic(dir, files);
    return {
      source,
      version,
      dir,
      provenance,
      files: files.size,
      ...(existed ? { replaced: wrote } : {}),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
