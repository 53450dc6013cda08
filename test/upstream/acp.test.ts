// `upstream add acp@<version>` without the network: a stand-in installer lays the vendored schema
// where the release's package has it (schema/v1/schema.json from 2.0.0, schema/schema.json
// before), and the real ingester must vendor the same bytes, running nothing.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listVersions } from '../../generator/catalog/vendored.ts';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { addUpstream } from '../../generator/upstream/add.ts';
import type { Registry } from '../../generator/upstream/release-date.ts';

const REPO_UPSTREAM = join(import.meta.dirname, '..', '..', 'upstream-schemas');
const scratch = mkdtempSync(join(tmpdir(), 'eventmap-acp-add-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const provenanceOf = (version: string) =>
  JSON.parse(readFileSync(join(REPO_UPSTREAM, 'acp', version, 'provenance.json'), 'utf8')) as {
    published: string;
    command: string;
  };

/** The registry as the vendored provenance recorded it: the release's publish time. */
const registry = (version: string): Registry => ({
  times: () => ({ [version]: provenanceOf(version).published }),
  optionalDependencies: () => ({}),
});

/** Install stand-in: the package with its schema at `rel` (none when undefined). */
const installer = (version: string, rel: string | undefined) => (dir: string) => {
  const packageDir = join(dir, 'node_modules', '@agentclientprotocol', 'sdk');
  mkdirSync(packageDir, { recursive: true });
  if (rel !== undefined) {
    mkdirSync(join(packageDir, rel, '..'), { recursive: true });
    copyFileSync(join(REPO_UPSTREAM, 'acp', version, 'schema.json'), join(packageDir, rel));
  }
  return { scratch: dir, packageDir, integrity: 'sha512-fake', resolved: { '@agentclientprotocol/sdk': version } };
};

describe('upstream add acp', () => {
  it.each(listVersions(REPO_UPSTREAM, 'acp'))('%s: vendors the schema byte for byte, running nothing', (version) => {
    const rel = provenanceOf(version).command.includes('schema/v1/') ? 'schema/v1/schema.json' : 'schema/schema.json';
    const added = addUpstream(join(scratch, version), `acp@${version}`, {
      install: installer(version, rel),
      registry: registry(version),
    });
    expect(readFileSync(join(added.dir, 'schema.json'))).toEqual(
      readFileSync(join(REPO_UPSTREAM, 'acp', version, 'schema.json')),
    );
    expect(added.provenance.confinement).toEqual({ sandbox: 'none', ranUpstreamCode: false });
    expect(added.provenance.command).toBe(provenanceOf(version).command);
    expect(added.files).toBe(2); // schema.json and provenance.json
  });

  it('a package without a schema is a located error, and nothing is written', () => {
    const version = listVersions(REPO_UPSTREAM, 'acp').at(-1)!;
    const target = join(scratch, 'none');
    let code: string | undefined;
    try {
      addUpstream(target, `acp@${version}`, { install: installer(version, undefined), registry: registry(version) });
    } catch (err) {
      code = err instanceof EventmapError ? err.diagnostics[0]!.code : String(err);
    }
    expect(code).toBe('upstream/missing-schema');
    expect(listVersions(target, 'acp')).toEqual([]);
  });
});
