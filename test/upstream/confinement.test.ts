// `upstream add` runs the real upstream binary confined (issues 12 and 29): a cooperative fake
// `codex` in a fake install folder reports what it sees. It gets no variable of ours (tokens
// included), a throwaway HOME, only the loopback interface, cannot write outside its scratch
// folder nor see the real home. (A binary that tries to escape: hostile-binary.test.ts.)
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestCodexAppServer } from '../../generator/upstream/codex-app-server.ts';
import type { Confinement } from '../../generator/upstream/sandbox.ts';
import { SANDBOX_LIMITS, sandboxStatus } from '../../generator/upstream/sandbox.ts';
import { EventmapError } from '../../generator/shared/diagnostics.ts';

const sandbox = sandboxStatus();
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  roots.push(d);
  return d;
}

describe.skipIf(!sandbox.available)(
  `the upstream binary in \`upstream add\` (needs bubblewrap)${sandbox.available ? '' : ` (skipped: ${sandbox.reason})`}`,
  () => {
    const scratch = temp('eventmap-confined-');
    const outside = temp('eventmap-outside-');
    const out = join(scratch, 'snapshot');
    let confinement: Confinement | undefined;
    const saved = { ...process.env };

    beforeAll(() => {
      const bin = join(scratch, 'install', 'node_modules', '.bin');
      mkdirSync(bin, { recursive: true });
      // Called as `codex app-server generate-json-schema --out <dir>`.
      writeFileSync(
        join(bin, 'codex'),
        `#!/bin/sh
out="$4"
mkdir -p "$out"
env > "$out/env.txt"
awk -F: 'NR > 2 { gsub(/ /, "", $1); print $1 }' /proc/net/dev > "$out/net.txt"
ls -A ${JSON.stringify(homedir())} > "$out/real-home.txt" 2>&1 || true
if ( echo x > ${JSON.stringify(join(outside, 'written.txt'))} ) 2>/dev/null; then echo wrote; else echo refused; fi > "$out/outside.txt"
echo x > "$HOME/in-home.txt" && echo x > "$TMPDIR/in-tmp.txt" && echo wrote > "$out/inside.txt"
`,
      );
      chmodSync(join(bin, 'codex'), 0o755);
      Object.assign(process.env, {
        GITHUB_TOKEN: 'ghp_secret-token',
        NPM_TOKEN: 'npm-secret',
        AWS_SECRET_ACCESS_KEY: 'aws-secret',
        EVENTMAP_TEST_MARKER: 'ours',
      });
      try {
        ({ confinement } = ingestCodexAppServer.ingest(
          {
            scratch: join(scratch, 'install'),
            packageDir: join(scratch, 'install', 'node_modules', '@openai', 'codex'),
            integrity: 'sha512-fake',
            resolved: {},
          },
          out,
          scratch,
        ));
      } finally {
        for (const k of ['GITHUB_TOKEN', 'NPM_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'EVENTMAP_TEST_MARKER'])
          if (saved[k] === undefined) delete process.env[k];
      }
    });

    const env = () =>
      Object.fromEntries(
        readFileSync(join(out, 'env.txt'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );

    it('gets none of our environment: no token, key or secret, no variable of ours', () => {
      const seen = env();
      expect(Object.keys(seen).filter((k) => /TOKEN|KEY|SECRET|PASSWORD|EVENTMAP/i.test(k))).toEqual([]);
      expect(JSON.stringify(seen)).not.toMatch(/secret|ours/);
      expect(seen.LANG).toBe('C.UTF-8');
    });

    it('has a throwaway HOME, XDG folders and TMPDIR inside the scratch folder, and writes there', () => {
      const seen = env();
      expect(seen.HOME).toBe(join(scratch, 'home'));
      for (const k of [
        'XDG_CONFIG_HOME',
        'XDG_CACHE_HOME',
        'XDG_DATA_HOME',
        'XDG_STATE_HOME',
        'XDG_RUNTIME_DIR',
        'TMPDIR',
        'NPM_CONFIG_USERCONFIG',
      ])
        expect(seen[k]?.startsWith(`${scratch}/`), k).toBe(true);
      expect(readFileSync(join(out, 'inside.txt'), 'utf8').trim()).toBe('wrote');
    });

    it('sees only the loopback interface', () => {
      expect(readFileSync(join(out, 'net.txt'), 'utf8').trim().split('\n')).toEqual(['lo']);
    });

    it('cannot write outside its scratch folder, and does not see the real home', () => {
      expect(confinement).toEqual({ sandbox: 'bubblewrap', version: sandbox.available && sandbox.version });
      expect(readFileSync(join(out, 'outside.txt'), 'utf8').trim()).toBe('refused');
      expect(existsSync(join(outside, 'written.txt'))).toBe(false);
      expect(readFileSync(join(out, 'real-home.txt'), 'utf8')).toMatch(/^$|No such file/);
    });
  },
);

// Issue 37: a file past the sandbox's size limit stops the binary (SIGXFSZ, as bwrap's exit 153),
// and `upstream add` says which limit, instead of reading 600 MB into a string.
describe.skipIf(!sandbox.available)('the file-size limit (needs bubblewrap)', () => {
  it('stops a binary that writes a file past it: upstream/command-failed, naming the limit', () => {
    const scratch = temp('eventmap-confined-big-');
    const bin = join(scratch, 'install', 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    // Sparse: the limit is on the size, so no disk is used on the way to it.
    writeFileSync(join(bin, 'codex'), '#!/bin/sh\nmkdir -p "$4"\nexec truncate -s 600M "$4/Huge.json"\n');
    chmodSync(join(bin, 'codex'), 0o755);
    const install = join(scratch, 'install');
    let error: unknown;
    try {
      ingestCodexAppServer.ingest(
        { scratch: install, packageDir: install, integrity: 'sha512-fake', resolved: {} },
        join(scratch, 'snapshot'),
        scratch,
      );
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EventmapError);
    const d = (error as EventmapError).diagnostics[0]!;
    expect(d.code).toBe('upstream/command-failed');
    expect(d.message).toContain(
      `a file larger than the sandbox allows (${SANDBOX_LIMITS.fileBytes / 1024 / 1024} MiB)`,
    );
  });
});
