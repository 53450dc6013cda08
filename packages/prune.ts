// Keep in a staged package only the files its entry points reach through their imports (JS and
// declarations alike), and refuse imports of other packages where the package must have none.
// tsc emits every file of its program; mappers' declarations and the upstream message types they
// reference are reached by nothing an app can import.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface PruneOptions {
  /** Files (relative to the package root) that the exports map names. */
  entries: string[];
  /** Files to keep whether reached or not (package.json, README.md). */
  keep: string[];
  /** Fail on a bare import (another package, or a Node built-in)… */
  noDependencies: boolean;
  /** …but these (the package's peer dependencies). */
  allowedImports?: readonly string[];
}

/** Delete what the entries do not reach; returns the files kept, relative and sorted. */
export function prunePackage(root: string, options: PruneOptions): string[] {
  const reached = new Set<string>(options.keep.map((f) => resolve(root, f)));
  const queue = options.entries.map((f) => resolve(root, f));
  while (queue.length) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(root, file)} is named by the package but was not built`);
    reached.add(file);
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) {
        if (options.noDependencies && !options.allowedImports?.includes(fileName))
          throw new Error(
            `${relative(root, file)} imports \`${fileName}\`; this package must import nothing outside itself`,
          );
        continue;
      }
      const target = resolve(dirname(file), fileName);
      // A declaration imports `./x.js` and means `./x.d.ts`.
      queue.push(file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target);
    }
  }
  const kept: string[] = [];
  const walk = (dir: string): boolean => {
    let empty = true;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (walk(full)) rmSync(full, { recursive: true });
        else empty = false;
      } else if (reached.has(full)) {
        kept.push(relative(root, full).split(sep).join('/'));
        empty = false;
      } else rmSync(full);
    }
    return empty;
  };
  walk(root);
  return kept.sort();
}
