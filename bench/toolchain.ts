// The build-time side, each run a fresh process in a temp copy (so edits in the repo cannot
// disturb it): generate on a fresh clone, from scratch, and warm after a spec-only change; check
// with unchanged inputs; json-schema-to-typescript alone on the same unions. Each eventmap command
// runs as users run it: the bundled CLI of `npm run pack`.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { stageBundledCli } from './bundled-cli.ts';
import { childJson, median } from './stats.ts';
import { ACP_SCHEMA } from '../generator/upstream/acp.ts';

type Seconds = {
  /** Cold, on a fresh clone: generated/ as committed, an empty cache (the acceptance row). */
  generate: number;
  /** Cold, from scratch: no generated/, an empty cache (every stage built). */
  scratch: number;
  /** After a spec-only change, with the CLI's own cache. */
  warm: number;
  check: number;
  /** json-schema-to-typescript alone on the same unions. */
  j2ts: number;
};

export interface ToolchainResult {
  runs: number;
  /**
   * Wall-clock seconds of the bundled CLI (what users install), median of `runs` fresh processes.
   */
  seconds: Seconds;
  ratio: {
    generateVsJ2ts: number;
    scratchVsJ2ts: number;
    warmVsJ2ts: number;
    /** check ÷ the from-scratch generate: the work check's fast path skips (information). */
    checkVsGenerate: number;
    /** check ÷ the fresh-clone generate (the cold generate of the target): the check target. */
    checkVsFreshClone: number;
  };
  checkFastPath: boolean;
  /** What json-schema-to-typescript compiled: snapshot folder → files. */
  j2tsInputs: Record<string, string[]>;
  /** Where generate spends its time: its stages timed one by one in a fresh process (ms). */
  generateStages: { stage: string; ms: number }[];
}

const PACKAGE = ['bin', 'generator', 'runtime', 'templates', 'package.json', 'tsconfig.json'];
const PROJECT = ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'];

/** Unions json-schema-to-typescript compiles for one snapshot folder. */
function unionFiles(source: string, dir: string): string[] {
  if (source === 'codex-app-server')
    return ['ServerNotification.json', 'ServerRequest.json', 'EventMsg.json'].filter((f) => existsSync(join(dir, f)));
  // ACP: the protocol's one schema file, whose message unions eventmap compiles.
  if (source === 'acp') return [ACP_SCHEMA].filter((f) => existsSync(join(dir, f)));
  // TypeScript-extracted sources (claude-agent-sdk, codex-sdk) keep everything in one *.schema.json.
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
}

export async function benchToolchain(root: string, options: { runs: number }): Promise<ToolchainResult> {
  const work = mkdtempSync(join(tmpdir(), 'eventmap-bench-'));
  try {
    for (const p of [...PACKAGE, ...PROJECT]) cpSync(join(root, p), join(work, p), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
    const cli = await stageBundledCli(root, join(work, 'dist'));
    const spec = parse(readFileSync(join(work, 'mapping-spec.yaml'), 'utf8')) as {
      sources: Record<string, { snapshots: (string | { version: string })[] }>;
    };
    const j2tsInputs: Record<string, string[]> = {};
    for (const [source, s] of Object.entries(spec.sources)) {
      for (const v of s.snapshots) {
        const version = typeof v === 'string' ? v : v.version;
        const dir = join(work, 'upstream-schemas', source, String(version));
        j2tsInputs[`${source}/${version}`] = unionFiles(source, dir);
      }
    }
    const j2tsArgs = Object.entries(j2tsInputs).flatMap(([snap, files]) =>
      files.map((f) => join(work, 'upstream-schemas', snap, f)),
    );

    const run = (
      args: string[],
      what: string,
      env: Record<string, string> = {},
    ): { seconds: number; stdout: string } => {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, {
        encoding: 'utf8',
        cwd: work,
        maxBuffer: 64 * 1024 * 1024,
        // Outside CI, as on a developer's machine: in CI generate and check trust nothing in generated/.
        env: { ...process.env, CI: '', ...env },
      });
      const seconds = Number(process.hrtime.bigint() - t) / 1e9;
      if (r.status !== 0 && !(what === 'check' && r.status === 1))
        throw new Error(`bench: ${what} exited ${r.status}: ${r.stderr}`);
      return { seconds, stdout: r.stdout };
    };
    // Cold: a cache folder nobody used, and generated/ as committed (a fresh clone) or none at
    // all (from scratch). Warm: the CLI's own cache, after a spec-only change (a comment line that
    // changes on every run), which must recompile no upstream type or validator.
    const generatedDir = join(work, 'generated');
    const committed = join(work, 'generated.committed');
    cpSync(generatedDir, committed, { recursive: true });
    const specFile = join(work, 'mapping-spec.yaml');
    const specText = readFileSync(specFile, 'utf8');
    let cold = 0;
    const coldRun = (what: 'fresh clone' | 'from scratch') => {
      writeFileSync(specFile, specText);
      rmSync(generatedDir, { recursive: true, force: true });
      if (what === 'fresh clone') cpSync(committed, generatedDir, { recursive: true });
      return run([cli, '--root', work, 'generate'], `generate (${what})`, {
        EVENTMAP_CACHE_DIR: join(work, `cold-cache-${cold++}`),
      });
    };
    const generate = () => coldRun('fresh clone');
    const scratch = () => coldRun('from scratch');
    let edits = 0;
    const warm = () => {
      writeFileSync(specFile, `# bench edit ${edits++}\n${specText}`);
      return run([cli, '--root', work, 'generate'], 'generate (warm)', {
        EVENTMAP_CACHE_DIR: join(work, 'warm-cache'),
      });
    };
    const check = () => run([cli, '--root', work, 'check', '--format', 'json'], 'check');
    const j2tsRun = () => run([join(root, 'bench', 'j2ts-child.mjs'), ...j2tsArgs], 'json-schema-to-typescript');

    // Warm-up: the OS file cache, and one generate so that check's inputs are unchanged since the
    // last generate (its fast path).
    generate();
    warm();
    j2tsRun();
    const seconds = { generate: [], scratch: [], warm: [], check: [], j2ts: [] } as Record<keyof Seconds, number[]>;
    let checkFastPath = true;
    for (let r = 0; r < options.runs; r++) {
      seconds.j2ts.push(j2tsRun().seconds);
      seconds.warm.push(warm().seconds);
      seconds.scratch.push(scratch().seconds);
      seconds.generate.push(generate().seconds);
      // Check right after the fresh-clone generate: inputs unchanged, generated/ as committed.
      const c = check();
      seconds.check.push(c.seconds);
      try {
        checkFastPath &&= (JSON.parse(c.stdout) as { fast?: boolean }).fast === true;
      } catch {
        checkFastPath = false;
      }
    }
    let generateStages: ToolchainResult['generateStages'];
    try {
      generateStages = childJson(root, 'stages-child.ts', [work], 'bench/stages-child.ts');
    } catch (err) {
      generateStages = [{ stage: `(stage timing failed: ${(err as Error).message.split('\n')[0]})`, ms: 0 }];
    }
    const m = Object.fromEntries(Object.entries(seconds).map(([k, v]) => [k, median(v)])) as Seconds;
    return {
      runs: options.runs,
      seconds: m,
      ratio: {
        generateVsJ2ts: m.generate / m.j2ts,
        scratchVsJ2ts: m.scratch / m.j2ts,
        warmVsJ2ts: m.warm / m.j2ts,
        checkVsGenerate: m.check / m.scratch,
        checkVsFreshClone: m.check / m.generate,
      },
      checkFastPath,
      j2tsInputs,
      generateStages,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
