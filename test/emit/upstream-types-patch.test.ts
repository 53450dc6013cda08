// A patch release that changes one field grows <source>/upstream-types.ts by that change: the
// types it shares with the older snapshots are declared once (generator/emit/upstream/shared-declarations.ts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../generator/catalog/load.ts';
import { resolveVersion } from '../../generator/catalog/snapshots.ts';
import { emitUpstreamTypes } from '../../generator/emit/upstream-types.ts';
import { buildPatchRelease, PATCH_FIELD, REPO, SOURCE_NAMES, supportedVersions } from '../next-release.ts';
import { scratchDir } from '../scratch.ts';

/** The lines `git diff` adds and removes going from `before` to `after`. */
function diffLines(before: string, after: string): { added: string[]; removed: string[] } {
  const dir = scratchDir('eventmap-types-patch-');
  writeFileSync(join(dir, 'before.ts'), before);
  writeFileSync(join(dir, 'after.ts'), after);
  let out = '';
  try {
    execFileSync('git', ['diff', '--no-index', '--no-color', '-U0', 'before.ts', 'after.ts'], { cwd: dir });
  } catch (err) {
    out = String((err as { stdout: Buffer }).stdout); // exit 1: the files differ
  }
  const lines = out.split('\n').filter((l) => !l.startsWith('+++') && !l.startsWith('---'));
  return {
    added: lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
    removed: lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
  };
}

describe('a patch release that changes one field', () => {
  it.each(SOURCE_NAMES)('%s: adds the field and little else to upstream-types.ts', async (source) => {
    const upstream = join(REPO, 'upstream-schemas');
    const catalogs = supportedVersions(source).map((v) => loadCatalog(resolveVersion(upstream, source, v)));
    const root = scratchDir('eventmap-patch-release-');
    const patch = buildPatchRelease(source, root);
    const next = loadCatalog(resolveVersion(root, source, patch.version));
    const file = `${source}/upstream-types.ts`;
    const before = (await emitUpstreamTypes(catalogs)).get(file)!;
    const after = (await emitUpstreamTypes([...catalogs, next])).get(file)!;
    const { added, removed } = diffLines(before, after);
    expect(
      added.filter((l) => l.includes(PATCH_FIELD)),
      patch.discriminant,
    ).toHaveLength(1);
    // The changed message's type (with its docs; Claude's canUseTool arguments are one interface of
    // about 80 lines) and what reaches it, in the new namespace, and one more member in its alias:
    // tens of lines where a copy of the newest snapshot's namespace was thousands.
    expect(added.length, added.join('\n')).toBeLessThan(120);
    expect(removed.length, removed.join('\n')).toBeLessThan(5);
  });
});
