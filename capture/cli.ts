// `npm run capture -- <source>@<version> [--recording a,b] [--scenarios a,b] [--out DIR] [--keep]`
// `npm run capture -- acp@<sdk version> --agent claude-agent-acp@<version> [--agent codex-acp@<version>]`
// (docs/maintainers.md, "Real traffic"). Exit codes: 0 recorded, 1 the capture failed, 2 could
// not run (bad arguments, no network namespace).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EventmapError, formatDiagnostic } from '../generator/shared/diagnostics.ts';
import { isolationPrefix, runIsolated } from '../generator/upstream/isolate.ts';
import { ACP_AGENTS } from './acp-agents.ts';
import { ensureInstalled } from './install.ts';
import { normaliseFixture } from './normalise-fixture.ts';
import { pathRules } from './normalise/paths.ts';
import { writeFixtureNote } from './fixture-note.ts';
import type { InsideConfig, RunSummary } from './run/types.ts';
import { CAPTURE_SOURCES, scenarioNames, type CaptureSource, type CaptureSourceName } from './sources.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`${line}\n`);

class UsageError extends Error {}

interface Run {
  recording: string;
  scenarios: string[];
  picked: boolean;
  /** acp: the agent recorded (the recording's name) and its package version. */
  agent?: { name: string; version: string };
}

interface Args {
  source: CaptureSource;
  version: string;
  /** The recordings to make, each with the scenarios to run (all of it, or those --scenarios named). */
  runs: Run[];
  out?: string;
  keep: boolean;
}

const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
/** `a, b,` → ['a', 'b']. */
const list = (v: string | undefined) => v?.split(',').flatMap((s) => s.trim() || []) ?? [];
const jsonl = (lines: string[]) => lines.map((l) => `${l}\n`).join('');

function parse(argv: string[]): Args {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      recording: { type: 'string' },
      scenarios: { type: 'string' },
      agent: { type: 'string', multiple: true },
      out: { type: 'string' },
      keep: { type: 'boolean' },
    },
  });
  const target = positionals[0];
  const at = target?.lastIndexOf('@') ?? -1;
  if (!target || positionals.length !== 1 || at <= 0)
    throw new UsageError(
      `usage: npm run capture -- <${Object.keys(CAPTURE_SOURCES).join('|')}>@<version> [--agent <name>@<version> ...] [--recording a,b] [--scenarios a,b,...] [--out DIR] [--keep]`,
    );
  const sourceName = target.slice(0, at);
  if (!(sourceName in CAPTURE_SOURCES))
    throw new UsageError(`unknown source \`${sourceName}\`; use one of ${Object.keys(CAPTURE_SOURCES).join(', ')}`);
  const version = target.slice(at + 1);
  if (!EXACT.test(version)) throw new UsageError(`\`${version}\` is not an exact version (e.g. 0.171.0)`);
  const source = CAPTURE_SOURCES[sourceName as CaptureSourceName];
  /** The names an option lists, each one of `known`. */
  const names = (value: string | undefined, what: string, known: string[]) => {
    const unknown = list(value).filter((n) => !known.includes(n));
    if (unknown.length)
      throw new UsageError(`unknown ${what}(s) ${unknown.join(', ')} for ${source.name}; known: ${known.join(', ')}`);
    return list(value);
  };
  const recordingNames = source.recordings.map((r) => r.name);
  const recordings = names(values.recording, 'recording', recordingNames);
  const scenarios = names(values.scenarios, 'scenario', scenarioNames(source));
  const agents = agentsOf(source, values.agent ?? []);
  const runs: Run[] = source.recordings
    .filter((r) => recordings.length === 0 || recordings.includes(r.name))
    .filter((r) => !source.byAgent || agents.has(r.name))
    .map((r) => ({
      recording: r.name,
      scenarios: r.scenarios.map((s) => s.name).filter((s) => scenarios.length === 0 || scenarios.includes(s)),
      picked: scenarios.length > 0,
      ...(agents.has(r.name) ? { agent: { name: r.name, version: agents.get(r.name)! } } : {}),
    }))
    .filter((r) => r.scenarios.length > 0);
  if (runs.length === 0)
    throw new UsageError(
      `none of the scenarios ${scenarios.join(', ')} is in the recording(s) ${recordings.join(', ')}`,
    );
  return { source, version, runs, out: values.out, keep: values.keep === true };
}

/** `--agent <name>@<version>` values: name → version; required for (and only for) acp. */
function agentsOf(source: CaptureSource, values: string[]): Map<string, string> {
  if (!source.byAgent) {
    if (values.length) throw new UsageError(`--agent is for acp only, not ${source.name}`);
    return new Map();
  }
  if (values.length === 0)
    throw new UsageError(
      `acp records agents: give --agent <name>@<version>; known: ${Object.keys(ACP_AGENTS).join(', ')}`,
    );
  return new Map(
    values.map((v) => {
      const at = v.lastIndexOf('@');
      const [name, version] = [v.slice(0, at), v.slice(at + 1)];
      if (at <= 0 || !(name in ACP_AGENTS))
        throw new UsageError(
          `unknown agent \`${v}\`; use <name>@<version> with one of ${Object.keys(ACP_AGENTS).join(', ')}`,
        );
      if (!EXACT.test(version)) throw new UsageError(`\`${version}\` is not an exact version (e.g. 0.16.0)`);
      return [name, version] as const;
    }),
  );
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  isolationPrefix(); // refuse before installing anything when there is no namespace to run in
  const started = Date.now();
  // acp installs each recording's agent, not the SDK its version names.
  const installDir = args.source.byAgent
    ? undefined
    : ensureInstalled(
        args.source.npmPackage,
        args.version,
        args.source.extras?.(args.version) ?? [],
        args.source.required?.(args.version) ?? [],
        log,
      );
  for (const run of args.runs) {
    const agent = run.agent && ACP_AGENTS[run.agent.name]!;
    const dir = installDir ?? ensureInstalled(agent!.npmPackage, run.agent!.version, [], agent!.required, log);
    if (agent?.sdkVersioned) {
      const library = agent.protocolLibrary(dir);
      if (library.version !== args.version)
        throw new UsageError(
          `${run.agent!.name}@${run.agent!.version} speaks ${library.name}@${library.version}: record it as acp@${library.version}`,
        );
    }
    const code = await record(args, run, dir);
    if (code !== 0) return code;
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

/** One recording: the scenarios in one session inside the namespace, normalised into the fixture folder. */
async function record(args: Args, run: Run, installDir: string): Promise<number> {
  const workRoot = mkdtempSync(join(tmpdir(), `eventmap-capture-${args.source.name}-`));
  const cfg: InsideConfig = {
    source: args.source.name,
    version: args.version,
    ...(run.agent ? { agent: run.agent } : {}),
    installDir,
    workRoot,
    scenarios: run.scenarios,
    rawOut: join(workRoot, 'raw.jsonl'),
    summaryOut: join(workRoot, 'summary.json'),
  };
  writeFileSync(join(workRoot, 'config.json'), JSON.stringify(cfg));
  log(
    `capturing ${args.source.name}@${args.version}, recording ${run.recording}, in ${workRoot} (network namespace: loopback only)`,
  );
  let failed = true;
  try {
    const t = Date.now();
    try {
      runIsolated(
        process.execPath,
        ['--import', 'tsx', join(REPO, 'capture', 'inside.ts'), join(workRoot, 'config.json')],
        { cwd: REPO, stdio: 'inherit', timeout: 15 * 60_000 },
      );
    } catch (err) {
      if (!(err instanceof EventmapError)) throw err;
      log(
        `capture of ${args.source.name}@${args.version} (${run.recording}) failed (see above); its scratch folder is kept: ${workRoot}`,
      );
      return 1;
    }
    const summary = JSON.parse(readFileSync(cfg.summaryOut, 'utf8')) as RunSummary;
    if (run.agent) {
      // Which package and which ACP library made the recording (several share one acp version folder).
      const agent = ACP_AGENTS[run.agent.name]!;
      const library = agent.protocolLibrary(installDir);
      summary.settings = {
        agent: `${agent.npmPackage}@${run.agent.version}`,
        acpLibrary: `${library.name}@${library.version}`,
        ...summary.settings,
      };
    }
    const outDir = resolve(args.out ?? join(REPO, 'test', 'fixtures', 'transcripts', args.source.name, args.version));
    mkdirSync(outDir, { recursive: true });
    const rules = pathRules([
      [workRoot, '/home/dev'],
      [installDir, `/home/dev/.cache/eventmap/capture/${relative(dirname(installDir), installDir)}`],
      [REPO, '/home/dev/eventmap'],
    ]);
    const lines = normaliseFixture(readFileSync(cfg.rawOut, 'utf8').split('\n'), rules);
    const file = join(outDir, `${run.recording}.${args.source.suffix}`);
    writeFileSync(file, jsonl(lines));
    const bare = args.source.bare;
    const bareFile = bare && join(outDir, `${run.recording}.${bare.suffix}`);
    if (bare && bareFile) writeFileSync(bareFile, jsonl(bare.lines(lines)));
    writeFixtureNote(outDir, {
      source: args.source,
      version: args.version,
      recording: run.recording,
      ...(run.agent ? { agent: run.agent } : {}),
      scenarios: run.picked ? run.scenarios : [],
      summary,
      file,
      bareFile,
    });
    const refused = summary.requests.filter((r) => r.note?.startsWith('refused'));
    log(
      `recorded ${summary.recorded.length} scenario(s) in ${((Date.now() - t) / 1000).toFixed(1)} s: ${relative(process.cwd(), file)} (${lines.length} lines)`,
    );
    for (const s of summary.skipped) log(`  skipped ${s.name}: ${s.why}`);
    if (refused.length)
      log(
        `  refused ${refused.length} attempt(s) to reach outside hosts through the proxy: ${[...new Set(refused.map((r) => r.url))].slice(0, 5).join(', ')}`,
      );
    failed = false;
    return 0;
  } finally {
    if (args.keep) log(`kept ${workRoot}`);
    else if (!failed) rmSync(workRoot, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof UsageError) {
    log(err.message);
    process.exitCode = 2;
  } else if (err instanceof EventmapError) {
    for (const d of err.diagnostics) log(formatDiagnostic(d));
    process.exitCode = 2; // no namespace, or npm could not install the package: could not run
  } else {
    log(`capture: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  }
}
