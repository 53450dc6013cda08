// The packages that print generate's output are pinned exactly and are part of every cache key and
// of the manifest's inputs (generator/emit/manifest.ts): another Ajv or Prettier may print other
// bytes, so output one version printed is never reused under another.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { codeIdentity, dependencyVersions, OUTPUT_DEPENDENCIES } from '../../generator/emit/manifest.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const require = createRequire(import.meta.url);

describe('output dependencies', () => {
  it.each(OUTPUT_DEPENDENCIES)('%s is pinned to one exact version in package.json, the one installed', (name) => {
    const range = pkg.dependencies[name];
    expect(range, `${name} in dependencies`).toBeDefined();
    expect(semver.valid(range), `${name}@${range} is not an exact version`).toBe(range);
    expect((require(`${name}/package.json`) as { version: string }).version).toBe(range);
  });

  it('their versions are part of the code identity that keys every stage and the manifest', () => {
    const identity = codeIdentity();
    for (const name of OUTPUT_DEPENDENCIES) expect(identity[`dep:${name}`]).toBe(pkg.dependencies[name]);
    expect(Object.keys(dependencyVersions()).sort()).toEqual(OUTPUT_DEPENDENCIES.map((n) => `dep:${n}`).sort());
    // …beside the hashes of eventmap's own code.
    expect(Object.keys(identity).some((k) => k.startsWith('generator/'))).toBe(true);
  });
});
