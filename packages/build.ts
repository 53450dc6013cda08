// `npm run build` / `npm run pack`: assemble the two published packages from this repository.
//   @eventmap/runtime → <out>/runtime   (packages/runtime/build.ts)
//   @eventmap/cli     → <out>/eventmap  (packages/eventmap/build.ts; bin `eventmap`, the runtime bundled in)
// With --pack, `npm pack` writes one tarball per package into <out>. Default out: dist/packages.
// Usage: node --import tsx packages/build.ts [--pack] [--out DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stageCli } from './eventmap/build.ts';
import { stageRuntime } from './runtime/build.ts';

const REPO = join(import.meta.dirname, '..');

export interface BuiltPackages {
  runtime: { dir: string; tarball?: string };
  eventmap: { dir: string; tarball?: string };
}

export async function buildPackages(out: string, options: { pack: boolean }): Promise<BuiltPackages> {
  const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const runtime = join(out, 'runtime');
  const eventmap = join(out, 'eventmap');
  stageRuntime(runtime, version);
  const runtimeName = (JSON.parse(readFileSync(join(runtime, 'package.json'), 'utf8')) as { name: string }).name;
  await stageCli(eventmap, version, { name: runtimeName, dir: runtime });
  if (!options.pack) return { runtime: { dir: runtime }, eventmap: { dir: eventmap } };
  const pack = (dir: string) => {
    const [info] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as { filename: string }[];
    return join(out, info!.filename);
  };
  return { runtime: { dir: runtime, tarball: pack(runtime) }, eventmap: { dir: eventmap, tarball: pack(eventmap) } };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outArg = args.indexOf('--out');
  const out = resolve(outArg >= 0 ? args[outArg + 1]! : join(REPO, 'dist', 'packages'));
  const built = await buildPackages(out, { pack: args.includes('--pack') });
  for (const p of Object.values(built)) process.stderr.write(`eventmap: ${p.tarball ?? p.dir}\n`);
}
