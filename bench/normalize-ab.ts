// A/B of two runtimes (an older runtime/ + generated/, and the checkout's) in one process,
// alternating in each round and timed in CPU time, so a change is measured against the same load.
// Not part of `npm run bench`; how to use it: docs/performance.md, "Comparing two versions".
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { carriesLine, formatOf, normalizeRuns, readTranscripts, transcriptFiles, type Runtime } from './normalize.ts';
import { alternate, median } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const [source = 'codex-sdk', format = 'all', baseDir = '.exp/base', roundsArg = '7'] = process.argv.slice(2);
const load = async (dir: string): Promise<Runtime> => {
  const runtime = (await import(pathToFileURL(join(dir, 'runtime', 'index.ts')).href)) as Pick<
    Runtime,
    'createNormalizer'
  >;
  const canonical = (await import(pathToFileURL(join(dir, 'generated', 'canonical', 'validate.js')).href)) as {
    validateProviderRuntimeEvent: Runtime['validate'];
  };
  return { createNormalizer: runtime.createNormalizer, validate: canonical.validateProviderRuntimeEvent };
};

const all = transcriptFiles(ROOT, source);
const files = format === 'all' ? all : all.filter((f) => formatOf(f) === format);
if (files.length === 0) throw new Error(`bench: no ${format} transcripts for ${source}`);
const transcripts = readTranscripts(files);
const perCopy = transcripts.reduce((n, t) => n + t.length, 0);
const copies = Math.ceil(100_000 / perCopy);
// A capture envelope's floor parses the line it carries too (as the bench's targets do).
const embedded = transcripts.flat().some(carriesLine);
const A = normalizeRuns(transcripts, copies, source, await load(resolve(ROOT, baseDir)));
const B = normalizeRuns(transcripts, copies, source, await load(ROOT));
const runs: Record<string, () => void> = {
  floor: embedded ? A.floorEmbedded : A.floor,
  A: A.normalize(false),
  B: B.normalize(false),
  'A + validation': A.normalize(true),
  'B + validation': B.normalize(true),
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
    `\n${A.tally.sink + B.tally.sink < 0 ? ' ' : ''}`,
);
