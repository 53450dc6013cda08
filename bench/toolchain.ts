// The build-time side: a cold `eventmap generate` (a fresh process, in a temp copy of the project
// and of eventmap itself, so concurrent edits in the repo cannot disturb it), `eventmap check`
// with unchanged inputs (its fast path), and json-schema-to-typescript alone on the same unions,
// also in a fresh process.
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
import { median } from './stats.ts';

export interface ToolchainResult {
  runs: number;
  /** Wall-clock seconds, median of `runs` fresh processes. `generate`: cold (empty cache); `warm`: after a spec-only change. */
  seconds: { generate: number; warm: number; check: number; j2ts: number };
  ratio: { generateVsJ2ts: number; warmVsJ2ts: number; checkVsGenerate: number };
  checkFastPath: boolean;
  /** What json-schema-to-typescript compiled: snapshot folder → files. */
  j2tsInputs: Record<string, string[]>;
  /** A fresh `eventmap generate --help`: start-up and generate's module loading, no work. */
  startupSeconds: number;
  /** Where generate spends its time: its stages timed one by one in a fresh process (ms). */
  generateStages: { stage: string; ms: number }[];
}

const PACKAGE = ['bin', 'generator', 'runtime', 'templates', 'package.json', 'tsconfig.json'];
const PROJECT = ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'];

/** Unions json-schema-to-typescript compiles for one snapshot folder. */
function unionFiles(source: string, dir: string): string[] {
  if (source === 'codex-app-server')
    return ['ServerNotification.json', 'ServerRequest.json', 'EventMsg.json'].filter((f) => existsSync(join(dir, f)));
  // TypeScript-extracted sources (claude-agent-sdk, codex-sdk) keep everything in one *.schema.json.
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
}

export function benchToolchain(root: string, options: { runs: number }): ToolchainResult {
  const work = mkdtempSync(join(tmpdir(), 'eventmap-bench-'));
  try {
    for (const p of [...PACKAGE, ...PROJECT]) cpSync(join(root, p), join(work, p), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
    const bin = join(work, 'bin', 'eventmap.js');
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
        env: { ...process.env, ...env },
      });
      const seconds = Number(process.hrtime.bigint() - t) / 1e9;
      if (r.status !== 0 && !(what === 'check' && r.status === 1))
        throw new Error(`bench: ${what} exited ${r.status}: ${r.stderr}`);
      return { seconds, stdout: r.stdout };
    };
    // Cold: a cache folder nobody used. Warm: the project's cache, after a spec-only change (a
    // comment line that changes on every run), which must recompile no upstream type or validator.
    const warmCache = join(work, 'warm-cache');
    let cold = 0;
    const generate = () =>
      run([bin, '--root', work, 'generate'], 'generate', { EVENTMAP_CACHE_DIR: join(work, `cold-cache-${cold++}`) });
    const specFile = join(work, 'mapping-spec.yaml');
    const specText = readFileSync(specFile, 'utf8');
    let edits = 0;
    const warm = () => {
      writeFileSync(specFile, `# bench edit ${edits++}\n${specText}`);
      return run([bin, '--root', work, 'generate'], 'generate (warm)', { EVENTMAP_CACHE_DIR: warmCache });
    };
    const check = () => run([bin, '--root', work, 'check', '--format', 'json'], 'check');
    const j2ts = () => run([join(root, 'bench', 'j2ts-child.mjs'), ...j2tsArgs], 'json-schema-to-typescript');

    // Warm-up: tsx's transform cache, the OS file cache, and one generate so that check's
    // inputs are unchanged since the last generate (its fast path).
    generate();
    warm();
    j2ts();
    const seconds = { generate: [] as number[], warm: [] as number[], check: [] as number[], j2ts: [] as number[] };
    let checkFastPath = true;
    for (let r = 0; r < options.runs; r++) {
      seconds.j2ts.push(j2ts().seconds);
      seconds.warm.push(warm().seconds);
      seconds.generate.push(generate().seconds);
      const c = check();
      seconds.check.push(c.seconds);
      try {
        checkFastPath &&= (JSON.parse(c.stdout) as { fast?: boolean }).fast === true;
      } catch {
        checkFastPath = false;
      }
    }

    const startup = median(
      Array.from({ length: options.runs }, () => run([bin, 'generate', '--help'], 'eventmap generate --help').seconds),
    );
    let generateStages: ToolchainResult['generateStages'] = [];
    const stages = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'stages-child.ts'), work], {
      encoding: 'utf8',
      cwd: root,
    });
    try {
      generateStages = JSON.parse(stages.stdout) as ToolchainResult['generateStages'];
    } catch {
      generateStages = [{ stage: `(stage timing failed: ${stages.stderr.split('\n')[0]})`, ms: 0 }];
    }

    const m = {
      generate: median(seconds.generate),
      warm: median(seconds.warm),
      check: median(seconds.check),
      j2ts: median(seconds.j2ts),
    };
    return {
      runs: options.runs,
      seconds: m,
      ratio: {
        generateVsJ2ts: m.generate / m.j2ts,
        warmVsJ2ts: m.warm / m.j2ts,
        checkVsGenerate: m.check / m.generate,
      },
      checkFastPath,
      j2tsInputs,
      startupSeconds: startup,
      generateStages,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
