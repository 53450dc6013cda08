import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Installs from the npm registry: `npm run test:install` (vitest.install.config.ts).
    exclude: ['**/node_modules/**', 'test/**/*.install.test.ts'],
    // Guards against a hang, never a verdict on speed: 60 s was reached by a sound test with five
    // suites sharing two cores (docs/decisions.md, "No test's verdict depends on time or load").
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // forks, not threads: runCli (test/run-cli.ts) changes the working directory.
    pool: 'forks',
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine; many files wait on
    // a child process (the CLI, tsc, unshare), so two at a time is ~1.4× faster there
    // (docs/decisions.md, "Tests run two files at a time").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps its loaded modules from one file to the next: importing the generator again
    // for each of ~90 files was a quarter of the run. Files restore what they change (env, cwd:
    // runCli), and pass in any order (checked with --sequence.shuffle.files).
    isolate: false,
    // …so helpers' temp folders are removed by a hook registered for every file (test/scratch.ts).
    setupFiles: ['test/setup/scratch.ts'],
    env: {
      // Temp project copies share one emit cache of this checkout's (content-addressed, so a hit is
      // byte-identical: test/generate/cache.test.ts) instead of recompiling every validator cold,
      // and leave the user's own cache folder (generator/io/cache.ts) alone.
      // test/generate/determinism.test.ts still runs one generate with the cache off.
      EVENTMAP_CACHE_DIR:
        process.env.EVENTMAP_CACHE_DIR || join(import.meta.dirname, 'node_modules', '.cache', 'eventmap'),
    },
  },
});
