// A/B of two runtimes (an older runtime/ + generated/, and the checkout's) in one process,
// alternating in each round and timed in CPU time, so a change is measured against the same load.
// Not part of `npm run bench`; how to use it: docs/performance.md, "Comparing two versions".
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchSessionId, formatOf, transcriptFiles } from './normalize.ts';
import { alternate, median } from './stats.ts';

interface Runtime {
  createNormalizer(source: string, options: object): { push(line: string): unknown[] };
}
type Validate = (event: unknown) => boolean;

const ROOT = join(import.meta.dirname, '..');
const [source = 'codex-sdk', format = 'all', baseDir = '.exp/base', roundsArg = '7'] = process.argv.slice(2);
const load = async (dir: string) => {
  const runtime = (await import(pathToFileURL(join(dir, 'runtime', 'index.ts')).href)) as Runtime;
  const canonical = (await import(pathToFileURL(join(dir, 'generated', 'canonical', 'validate.js')).href)) as {
    validateProviderRuntimeEvent: Validate;
  };
  return { runtime, validate: canonical.validateProviderRuntimeEvent };
};
const A = await load(resolve(ROOT, baseDir));
const B = await load(ROOT);

const all = transcriptFiles(ROOT, source);
const files = format === 'all' ? all : all.filter((f) => formatOf(f) === format);
if (files.length === 0) throw new Error(`bench: no ${format} transcripts for ${source}`);
const transcripts = files.map((f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== ''),
);
const perCopy = transcripts.reduce((n, t) => n + t.length, 0);
const copies = Math.ceil(100_000 / perCopy);
// A capture envelope's floor parses the line it carries too (as the bench's targets do).
const embedded = transcripts.some((t) => t.some((l) => typeof (JSON.parse(l) as { line?: unknown }).line === 'string'));

let sink = 0;
const floor = () => {
  for (let c = 0; c < copies; c++)
    for (const t of transcripts)
      for (const l of t) {
        const v = JSON.parse(l) as { line?: unknown } | null;
        if (embedded && v !== null && typeof v.line === 'string') JSON.parse(v.line);
        sink++;
      }
};
const normalize = (r: { runtime: Runtime; validate: Validate }, validate: boolean) => () => {
  for (let c = 0; c < copies; c++)
    for (let f = 0; f < transcripts.length; f++) {
      const n = r.runtime.createNormalizer(source, { sessionId: benchSessionId(c, f), clock: () => 0 });
      for (const l of transcripts[f]!) {
        const out = n.push(l);
        sink += out.length;
        if (validate) for (const e of out) if (!r.validate(e)) sink--;
      }
    }
};
const runs: Record<string, () => void> = {
  floor,
  A: normalize(A, false),
  B: normalize(B, false),
  'A + validation': normalize(A, true),
  'B + validation': normalize(B, true),
};
const names = Object.keys(runs);
const rounds = Number(roundsArg);
// CPU time: what the process itself spent, whatever else the machine runs.
const seconds = alternate(runs, rounds, () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
});
const ratio = (n: string) => median(seconds[n]!.map((s, i) => seconds.floor![i]! / s));
process.stdout.write(
  `${source} ${format}: ${copies * perCopy} messages, ${rounds} rounds, load ${loadavg()[0]!.toFixed(1)}; ` +
    `ratio to the floor${embedded ? ' incl. the embedded line' : ''} (CPU time):\n` +
    names
      .filter((n) => n !== 'floor')
      .map((n) => `  ${n.padEnd(15)} ${ratio(n).toFixed(3)}`)
      .join('\n') +
    `\n${sink < 0 ? ' ' : ''}`,
);
