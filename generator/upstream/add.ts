// `eventmap upstream add <source>@<version>`: install the real package, write its snapshot and
// provenance.json, and move it into upstream-schemas/<source>/<version>/ in one rename.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTree, sha256, stableJson } from '../fsutil.ts';
import { writeTreeAtomic } from '../tree-write.ts';
import { SOURCES, type SourceName } from '../sources.ts';
import { ingestClaudeAgentSdk } from './claude-agent-sdk.ts';
import { ingestCodexAppServer } from './codex-app-server.ts';
import { ingestCodexSdk } from './codex-sdk.ts';
import type { Ingester } from './ingester.ts';
import { npmInstall } from './npm.ts';
import { parseSourceAtVersion } from './source-at-version.ts';

const INGESTERS: Record<SourceName, Ingester> = {
  'codex-app-server': ingestCodexAppServer,
  'claude-agent-sdk': ingestClaudeAgentSdk,
  'codex-sdk': ingestCodexSdk,
};

export interface Provenance {
  source: SourceName;
  package: string;
  version: string;
  integrity: string;
  command: string;
  eventmapCommand: string;
  installed: Record<string, string>;
  files: Record<string, string>;
}

export interface AddOptions {
  /** One line per step, for stderr: the install alone takes tens of seconds. */
  progress?: (message: string) => void;
  /** Stand-ins for tests (no network): the installer and the source's ingester. */
  install?: typeof npmInstall;
  ingester?: Ingester;
}

export interface Added {
  source: SourceName;
  version: string;
  dir: string;
  provenance: Provenance;
  /** Files written into the snapshot folder, provenance.json included. */
  files: number;
  /** What the upstream binary ran without (when no mount namespace could be made). */
  notConfined: string[];
}

export function addUpstream(upstreamRoot: string, arg: string, options: AddOptions = {}): Added {
  const { source, version } = parseSourceAtVersion(arg);
  const info = SOURCES[source];
  const ingester = options.ingester ?? INGESTERS[source];
  const progress = options.progress ?? (() => {});
  const scratch = mkdtempSync(join(tmpdir(), `eventmap-${source}-`));
  try {
    progress(`installing ${info.npmPackage}@${version} from npm`);
    const installed = (options.install ?? npmInstall)(
      join(scratch, 'install'),
      info.npmPackage,
      version,
      ingester.npmInstallArgs,
    );
    const staging = join(scratch, 'snapshot');
    progress(`extracting the ${source} snapshot from the installed package (offline)`);
    const { command, notConfined = [] } = ingester.ingest(installed, staging, scratch);
    const files = readTree(staging);
    const provenance: Provenance = {
      source,
      package: info.npmPackage,
      version,
      integrity: installed.integrity,
      command,
      eventmapCommand: `eventmap upstream add ${source}@${version}`,
      installed: installed.resolved,
      files: Object.fromEntries([...files].map(([rel, text]) => [rel, `sha256-${sha256(text)}`])),
    };
    files.set('provenance.json', stableJson(provenance));
    const dir = join(upstreamRoot, source, version);
    progress(`writing ${files.size} files to ${dir}`);
    writeTreeAtomic(dir, files);
    return { source, version, dir, provenance, files: files.size, notConfined };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
