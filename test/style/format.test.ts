// One format for every source file: Prettier with the repo's .prettierrc.json (120 columns).
// Files listed in .prettierignore (vendored data, recorded traffic, hand-edited YAML and prose) are skipped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

describe('formatting', () => {
  it('every tracked source file is formatted by Prettier', async () => {
    const unformatted: string[] = [];
    const ignorePath = path.join(root, '.prettierignore');
    let checked = 0;
    for (const rel of tracked) {
      const file = path.join(root, rel);
      const info = await prettier.getFileInfo(file, { ignorePath });
      if (info.ignored || info.inferredParser === null) continue;
      const options = await prettier.resolveConfig(file);
      checked += 1;
      if (!(await prettier.check(readFileSync(file, 'utf8'), { ...options, filepath: file }))) unformatted.push(rel);
    }
    expect(checked).toBeGreaterThan(0);
    expect(unformatted, `run \`npx prettier --write ${unformatted.join(' ')}\``).toEqual([]);
  });
});
