// Bad-input catalog, the output folder: generated/ that cannot be written.
//
// Tests run as root, where `chmod a-w` stops nothing, so "cannot be written" is made two ways:
// - `generated` is a regular FILE (portable): generate refuses to replace it;
// - generated/'s parent is a read-only or full file system: a tmpfs mounted inside a private
//   mount namespace (`unshare -m`, which needs CAP_SYS_ADMIN: root here; skipped where the
//   sandbox does not allow it). The generate then fails half-way through writing its temp tree.
// Each exits 2 naming the path, and leaves the old output exactly as it was.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from './support.ts';

const INPUTS = ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'];
const work = mkdtempSync(join(tmpdir(), 'eventmap-bad-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an output folder that cannot be written', () => {
  it('`generated` is a regular file', () => {
    const root = join(work, 'file');
    for (const p of INPUTS.filter((p) => p !== 'generated')) cpSync(join(REPO, p), join(root, p), { recursive: true });
    writeFileSync(join(root, 'generated'), 'not a folder\n');
    const r = spawnSync(process.execPath, [BIN, '--root', root, 'generate'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${join(root, 'generated')}: error output/not-a-directory`);
    expect(readFileSync(join(root, 'generated'), 'utf8')).toBe('not a folder\n');
  });

  // The shell script runs in its own mount namespace: it mounts a tmpfs on `dir`, copies the
  // inputs there (generated/ edited, so there is something to write), makes the file system read-only or nearly full, runs generate, and prints the
  // exit status and whether generated/ (sha256 of every file) is unchanged.
  const canUnshare = spawnSync('unshare', ['-m', 'true']).status === 0;
  const script = (mode: 'readonly' | 'full') => `
set -e
dir="$1"; repo="$2"; bin="$3"
mount -t tmpfs -o size=64m tmpfs "$dir"
for p in ${INPUTS.join(' ')}; do cp -r "$repo/$p" "$dir/"; done
# Every generated file edited, so that generate must write them all (it leaves identical files alone).
find "$dir/generated" -type f -exec sh -c 'for f; do echo >> "$f"; done' sh {} +
sums() { (cd "$dir" && find generated -type f | sort | xargs sha256sum); }
sums > /tmp/eventmap-sums-before-$$
used=$(df -k --output=used "$dir" | tail -1)
if [ "${mode}" = readonly ]; then mount -o remount,ro "$dir"; else mount -o remount,size=$((used + 512))k "$dir"; fi
set +e
node "$bin" --root "$dir" generate 2> /tmp/eventmap-stderr-$$
status=$?
sums > /tmp/eventmap-sums-after-$$
if cmp -s /tmp/eventmap-sums-before-$$ /tmp/eventmap-sums-after-$$; then same=yes; else same=no; fi
leftovers=$(ls -d "$dir"/generated.eventmap-* 2>/dev/null | wc -l)
echo "status=$status same=$same leftovers=$leftovers"
cat /tmp/eventmap-stderr-$$
rm -f /tmp/eventmap-*-$$
`;

  it.skipIf(!canUnshare).each([
    ['a read-only file system', 'readonly', /EROFS/],
    ['a full disk', 'full', /ENOSPC/],
  ] as const)('%s', (_name, mode, errno) => {
    const dir = mkdtempSync(join(work, `${mode}-`));
    const r = spawnSync('unshare', ['-m', 'sh', '-c', script(mode), 'sh', dir, REPO, BIN], { encoding: 'utf8' });
    expect(r.stdout, r.stderr).toMatch(/^status=2 same=yes leftovers=0$/m);
    expect(r.stdout).toMatch(
      new RegExp(
        `${dir.replace(/[.]/g, '\\.')}/generated[^:]*: error output/write-failed: cannot write ${dir.replace(/[.]/g, '\\.')}/generated`,
      ),
    );
    expect(r.stdout).toMatch(errno);
    expect(r.stdout).not.toContain('internal error');
  });
});
