// The eventmap CLI (@eventmap/cli, bin `eventmap`) as it is installed: its tarball alone into an
// empty project whose path has a space (the runtime comes bundled inside it; its other
// dependencies from the npm registry), then every command run from there: normalize, census and
// catalog in that project, which has no mapping-spec.yaml (issue 28), and check and generate on a
// copy of this project's inputs. The install lives outside the checkout, so nothing the package
// does not ship can be found: the bug this guards against was a bin that ran TypeScript sources
// and generated/. A second project installs both tarballs in one command, as an app that also
// imports the runtime does (README "Use in an app").
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_VERSIONS } from '../../generator/emit/manifest.ts';
import { readTree } from '../../generator/io/fsutil.ts';
import { BUNDLED } from '../../packages/eventmap/bundle.ts';
import { createNormalizer, SOURCES } from '../../runtime/index.ts';
import { transcripts, TRANSCRIPTS_ROOT } from '../conformance/transcripts.ts';
import { installProject, packInTemp, REPO, type Workspace } from './support.ts';

let ws: Workspace;
let app: string;
let both: string;
let project: string;
let installed: string;

beforeAll(async () => {
  ws = await packInTemp();
  app = join(ws.root, 'my app');
  installProject(app, [ws.packages.eventmap.tarball], ['--prefer-offline']);
  installed = join(app, 'node_modules', '@eventmap', 'cli');
  both = join(ws.root, 'app with both');
  installProject(both, [ws.packages.runtime.tarball, ws.packages.eventmap.tarball], ['--prefer-offline']);
  project = join(ws.root, 'project');
  for (const input of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
    cpSync(join(REPO, input), join(project, input), { recursive: true });
});

afterAll(() => ws?.remove());

/** `npx eventmap ...` in the app's folder. */
function npx(...args: string[]) {
  const r = spawnSync('npx', ['--no-install', 'eventmap', ...args], {
    cwd: app,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

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

  it('is @eventmap/cli, with the bin eventmap', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      name: string;
      bin: Record<string, string>;
    };
    expect(manifest.name).toBe('@eventmap/cli');
    expect(Object.keys(manifest.bin)).toEqual(['eventmap']);
  });

  it('depends on the runtime package of the same version, bundled in, and on no dev tool', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
      bundleDependencies: string[];
    };
    expect(manifest.dependencies['@eventmap/runtime']).toBe(manifest.version);
    expect(manifest.bundleDependencies).toEqual(['@eventmap/runtime']);
    // Installed alone: the runtime is the one inside the CLI package, not one from a registry.
    expect(existsSync(join(app, 'node_modules', '@eventmap', 'runtime'))).toBe(false);
    const runtime = JSON.parse(
      readFileSync(join(installed, 'node_modules', '@eventmap', 'runtime', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(runtime.version).toBe(manifest.version);
    expect(Object.keys(manifest.dependencies).filter((d) => ['tsx', 'esbuild', 'vitest', 'uuid'].includes(d))).toEqual(
      [],
    );
  });

  it('ships the packages it compiled in with their versions and licenses, not as dependencies', () => {
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

  it('npx eventmap --help lists every command, and normalize --help every source', () => {
    const r = npx('--help');
    expect(r.status).toBe(0);
    for (const command of ['upstream', 'catalog', 'generate', 'normalize', 'check', 'diff', 'census', 'suggest'])
      expect(r.stdout).toContain(command);
    const normalize = npx('normalize', '--help');
    for (const source of ['codex-app-server', 'claude-agent-sdk', 'codex-sdk'])
      expect(normalize.stdout).toContain(source);
  });

  it('npx eventmap normalize reads a recording in the app, detecting its source', () => {
    const recording = join(app, 'a session.jsonl');
    cpSync(join(TRANSCRIPTS_ROOT, 'claude-agent-sdk', '0.3.332', 'budget.messages.jsonl'), recording);
    const r = npx('normalize', recording, '--validate', '--session-id', 's', '--clock', '0');
    expect(r.stderr).toContain('eventmap normalize: claude-agent-sdk (detected)');
    expect(r.status).toBe(0);
    const n = createNormalizer('claude-agent-sdk', { clock: () => 0, sessionId: 's' });
    const lines = readFileSync(recording, 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    const expected = [...lines.flatMap((l) => n.push(l)), ...n.end().events];
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('npx eventmap census in the app (no mapping-spec.yaml): against the shipped spec, saying so', () => {
    expect(existsSync(join(app, 'mapping-spec.yaml'))).toBe(false);
    const r = npx('census', join(TRANSCRIPTS_ROOT, 'codex-sdk', '0.163.0', 'capture.thread-events.jsonl'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      'against node_modules/@eventmap/cli/mapping-spec.yaml, the spec shipped with @eventmap/cli ',
    );
    expect(r.stdout).toMatch(/codex-sdk 0\.163\.0: .*against catalog 0\.163\.0/);
  });

  it('npx eventmap catalog of a shipped snapshot in the app', () => {
    for (const snapshot of ['codex-app-server@0.171.0', 'claude-agent-sdk@0.3.332', 'codex-sdk']) {
      const r = npx('catalog', snapshot, '--format', 'json');
      expect(r.stderr).toContain('as shipped with @eventmap/cli ');
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ source: snapshot.split('@')[0] });
    }
  });

  it('installed with the runtime in one command: the app imports the runtime, npx runs the CLI', () => {
    writeFileSync(
      join(both, 'app.js'),
      "import { SOURCES } from '@eventmap/runtime';\nconsole.log(SOURCES.join(','));\n",
    );
    // The installed runtime's sources are this repository's.
    expect(execFileSync(process.execPath, ['app.js'], { cwd: both, encoding: 'utf8' }).trim()).toBe(SOURCES.join(','));
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(execFileSync('npx', ['--no-install', 'eventmap', '--version'], { cwd: both, encoding: 'utf8' }).trim()).toBe(
      version,
    );
  });

  // Issue 28: in a project whose path has a space, an app imports one source's entry point and
  // feeds a real capture: the server's side with push, its own answers with reply. Every answered
  // approval has its decision (the one the capture format gives); the server's side alone invents none.
  it.each(
    transcripts('codex-app-server')
      .filter((t) => t.file.endsWith('.both.jsonl'))
      .map((t) => [t.file, t] as const),
  )(
    'the installed codex-app-server entry point decides %s from push + reply, and invents nothing without replies',
    (_file, t) => {
      writeFileSync(
        join(both, 'replies.mjs'),
        [
          "import { readFileSync } from 'node:fs';",
          "import { createNormalizer } from '@eventmap/runtime/codex-app-server';",
          'const records = readFileSync(process.argv[2], "utf8").split("\\n").filter(Boolean).map((l) => JSON.parse(l));',
          'const decided = (withReplies) => {',
          "  const n = createNormalizer({ sessionId: 's', clock: () => 0 });",
          '  const out = [];',
          '  for (const r of records) {',
          "    if (r.dir === 's2c') out.push(...n.push(r.line));",
          '    else if (withReplies) out.push(...n.reply(JSON.parse(r.line)));',
          '  }',
          '  out.push(...n.end().events);',
          "  return out.filter((e) => e.type === 'request.resolved').map((e) => [e.providerRefs.providerRequestId, e.payload.decision]);",
          '};',
          'console.log(JSON.stringify({ live: decided(true), serverOnly: decided(false) }));',
        ].join('\n'),
      );
      const out = JSON.parse(
        execFileSync(process.execPath, ['replies.mjs', join(TRANSCRIPTS_ROOT, t.file)], {
          cwd: both,
          encoding: 'utf8',
        }),
      ) as { live: [string, string][]; serverOnly: [string, string][] };
      const capture = createNormalizer('codex-app-server', { sessionId: 's', clock: () => 0 });
      const want = [...t.lines.flatMap((l) => capture.push(l)), ...capture.end().events].flatMap((e) =>
        e.type === 'request.resolved' ? [[e.providerRefs?.providerRequestId, e.payload.decision]] : [],
      );
      expect(out.live).toEqual(want);
      expect(out.live.length).toBeGreaterThan(0);
      expect(out.serverOnly.length).toBeGreaterThan(0);
      for (const [id, decision] of out.serverOnly) expect([id, decision]).toEqual([id, 'unobserved']);
    },
  );

  it("the README's install commands name the tarballs npm run pack writes", () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    for (const tarball of [ws.packages.runtime.tarball, ws.packages.eventmap.tarball])
      expect(readme).toContain(`dist/packages/${basename(tarball)}`);
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
  });
});
