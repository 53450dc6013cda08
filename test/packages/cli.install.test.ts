// The eventmap CLI as a maintainer installs it: both tarballs into an empty project (the CLI's own
// dependencies from the npm registry), then every command run from there on a copy of this
// project's inputs. The install lives outside the checkout, so nothing the package does not ship
// can be found: the bug this guards against was a bin that ran TypeScript sources and generated/.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_VERSIONS } from '../../generator/emit/manifest.ts';
import { readTree } from '../../generator/fsutil.ts';
import { BUNDLED } from '../../packages/eventmap/bundle.ts';
import { createNormalizer } from '../../runtime/index.ts';
import { transcripts } from '../conformance/transcripts.ts';
import { installProject, packInTemp, REPO, type Workspace } from './support.ts';

let ws: Workspace;
let app: string;
let project: string;

beforeAll(async () => {
  ws = await packInTemp();
  app = join(ws.root, 'app');
  installProject(app, [ws.packages.runtime.tarball, ws.packages.eventmap.tarball], ['--prefer-offline']);
  project = join(ws.root, 'project');
  for (const input of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
    cpSync(join(REPO, input), join(project, input), { recursive: true });
}, 300_000);

afterAll(() => ws?.remove());

/** The installed bin, as npx runs it, from the app's folder. */
function eventmap(...args: string[]) {
  const r = spawnSync(join(app, 'node_modules', '.bin', 'eventmap'), args, {
    cwd: app,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the installed eventmap CLI', () => {
  it('npx eventmap --version prints the version', () => {
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(execFileSync('npx', ['eventmap', '--version'], { cwd: app, encoding: 'utf8' }).trim()).toBe(version);
  });

  it('depends on the runtime package of the same version, and on no dev tool', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', 'eventmap', 'package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies['@eventmap/runtime']).toBe(manifest.version);
    expect(Object.keys(manifest.dependencies).filter((d) => ['tsx', 'esbuild', 'vitest', 'uuid'].includes(d))).toEqual(
      [],
    );
  });

  it('ships the packages it compiled in with their versions and licenses, not as dependencies', () => {
    const installed = join(app, 'node_modules', 'eventmap');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const versions = JSON.parse(readFileSync(join(installed, BUNDLED_VERSIONS), 'utf8')) as Record<string, string>;
    const licenses = readFileSync(join(installed, 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    expect(Object.keys(versions).sort()).toEqual([...BUNDLED].sort());
    for (const name of BUNDLED) {
      expect(manifest.dependencies, name).not.toHaveProperty(name);
      const { version } = JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      };
      expect(versions[name]).toBe(version);
      expect(licenses).toContain(`${name}@${version} (`);
    }
  });

  it('normalize: the same events as the runtime, all valid', () => {
    const t = transcripts('codex-app-server').at(-1)!;
    const r = eventmap(
      'normalize',
      '--source',
      t.source,
      join(REPO, 'test', 'fixtures', 'transcripts', t.file),
      '--validate',
      '--clock',
      '0',
      '--session-id',
      's',
    );
    expect(r.stderr).not.toMatch(/failed validation|ERR_/);
    expect(r.status).toBe(0);
    const n = createNormalizer(t.source, { clock: () => 0, sessionId: 's' });
    const expected = [...t.lines.flatMap((l) => n.push(l)), ...n.end().events];
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('catalog lists a snapshot of the project', () => {
    const r = eventmap('--root', project, 'catalog', 'codex-sdk', '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'codex-sdk' });
  });

  it('check passes on the project as committed', () => {
    const r = eventmap('--root', project, 'check');
    expect(r.stdout + r.stderr).not.toMatch(/stale|ERR_/);
    expect(r.status).toBe(0);
  });

  it('generate writes what the checkout has committed, byte for byte', () => {
    const r = eventmap('--root', project, 'generate');
    expect(r.stderr).toMatch(/wrote \d+ files/);
    expect(r.status).toBe(0);
    expect(readTree(join(project, 'generated'))).toEqual(readTree(join(REPO, 'generated')));
  }, 120_000);
});
