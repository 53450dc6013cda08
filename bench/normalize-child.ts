// Run by bench/normalize.ts (benchNormalizeInProcesses) in a fresh process: one normalize
// measurement (benchNormalize) of a source's transcripts, printed as JSON.
import type { SourceName } from '../runtime/sources/index.ts';
import { benchNormalize } from './normalize.ts';

const [root, source, format, minMessages, rounds, ...files] = process.argv.slice(2);
const result = benchNormalize(root!, source as SourceName, files, format!, {
  minMessages: Number(minMessages),
  rounds: Number(rounds),
});
process.stdout.write(JSON.stringify(result));
