// The CLI users install: `npm run pack`'s esbuild-bundled @eventmap/cli (plain JS, no tsx), with
// @eventmap/runtime bundled in (packages/eventmap/build.ts), in a folder whose node_modules links
// the other packages it depends on — what `npm install` of its tarball lays out, without the network.
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildPackages } from '../packages/build.ts';

/** Build both packages under `out`; returns the bundled CLI's bin/eventmap.js. */
export async function stageBundledCli(root: string, out: string): Promise<string> {
  const built = await buildPackages(out, { pack: false });
  const pkg = JSON.parse(readFileSync(join(built.eventmap.dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const runtimeName = (JSON.parse(readFileSync(join(built.runtime.dir, 'package.json'), 'utf8')) as { name: string })
    .name;
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    if (name === runtimeName) continue; // bundled: staged inside the package already
    const link = join(built.eventmap.dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), link, 'dir');
  }
  return join(built.eventmap.dir, 'bin', 'eventmap.js');
}
