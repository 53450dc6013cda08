// Files known by their stamp (issue 17): a warm run hashes only what changed since an earlier run
// (generator/emit/known-hashes.ts), and the tree write does not read again what this run read
// (generator/emit/stages.ts holds). A rewrite that keeps the size and the mtime is still seen.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../generator/cli-in-process.ts';
import { emitCache } from '../../generator/emit/cache.ts';
import { knownHashes } from '../../generator/emit/known-hashes.ts';
import { MANIFEST, memoFileHasher, type Manifest } from '../../generator/emit/manifest.ts';
import { stageRunner } from '../../generator/emit/stages.ts';
import { currentStamp, fileSystemNow } from '../../generator/file-stamps.ts';
import { listFiles, sha256 } from '../../generator/fsutil.ts';
import { writeTreeAtomic } from '../../generator/tree-write.ts';

const REPO = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'eventmap-known-hashes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A clock far enough ahead that every stamp has settled. */
const later = () => BigInt(Date.now() + 60_000) * 1_000_000n;

/** A whole-second mtime, which utimes can put back exactly. */
const PINNED = 1_700_000_000;
const pinMtime = (file: string) => utimesSync(file, PINNED, PINNED);

/** Same size, other bytes, and the pinned mtime put back: only the change time (and maybe the inode) tells. */
function rewriteKeepingSizeAndMtime(file: string): void {
  const before = statSync(file, { bigint: true });
  expect(before.mtimeNs).toBe(BigInt(PINNED) * 1_000_000_000n);
  const text = readFileSync(file, 'utf8');
  const i = text.search(/[a-z]/);
  writeFileSync(file, `${text.slice(0, i)}${text[i] === 'x' ? 'y' : 'x'}${text.slice(i + 1)}`);
  pinMtime(file);
  const after = statSync(file, { bigint: true });
  expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
}

describe('known hashes', () => {
  it('serve the hash recorded for a stamp, and hash again what changed, even keeping its size and mtime', () => {
    const dir = mkdtempSync(join(work, 'record-'));
    const file = join(dir, 'schema.json');
    writeFileSync(file, '{"type":"object"}');
    pinMtime(file);
    const first = knownHashes(join(dir, 'cache'), later);
    expect(memoFileHasher(first)(file)).toBe(sha256('{"type":"object"}'));
    first.save();
    // The next run believes the record while the stamp holds (here, a record that lies shows it).
    const record = join(dir, 'cache', 'file-hashes.json');
    const stored = JSON.parse(readFileSync(record, 'utf8')) as { entries: Record<string, [string, string]> };
    expect(stored.entries[file]).toEqual([currentStamp(file), sha256('{"type":"object"}')]);
    writeFileSync(record, JSON.stringify({ ...stored, entries: { [file]: [currentStamp(file), 'recorded'] } }));
    expect(memoFileHasher(knownHashes(join(dir, 'cache'), later))(file)).toBe('recorded');
    rewriteKeepingSizeAndMtime(file);
    expect(memoFileHasher(knownHashes(join(dir, 'cache'), later))(file)).toBe(sha256(readFileSync(file)));
  });

  it('keep no stamp younger than the file system can tell apart, and read a damaged record as empty', () => {
    const dir = mkdtempSync(join(work, 'young-'));
    const file = join(dir, 'a.json');
    writeFileSync(file, '{}');
    const record = join(dir, 'cache', 'file-hashes.json');
    const stored = () => (JSON.parse(readFileSync(record, 'utf8')) as { entries: object }).entries;
    const settled = knownHashes(join(dir, 'cache'), later);
    memoFileHasher(settled)(file);
    settled.save();
    expect(Object.keys(stored())).toEqual([file]);
    // Written a moment ago: the same size and times could still come with other bytes.
    writeFileSync(file, '[]');
    const now = knownHashes(join(dir, 'cache'));
    expect(memoFileHasher(now)(file)).toBe(sha256('[]'));
    now.save();
    expect(stored()).toEqual({});
    writeFileSync(record, '{ not json');
    expect(knownHashes(join(dir, 'cache')).get(file, currentStamp(file)!)).toBeUndefined();
    expect(memoFileHasher(knownHashes(join(dir, 'cache')))(file)).toBe(sha256('[]'));
  });
});

describe('the file-system clock', () => {
  it('is read from a file it creates, never through a link someone left at its name', () => {
    const dir = mkdtempSync(join(work, 'clock-'));
    const now = BigInt(Date.now()) * 1_000_000n;
    expect(fileSystemNow(dir)! - now < 10_000_000_000n).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    const target = join(dir, 'secret');
    writeFileSync(target, 'kept');
    symlinkSync(target, join(dir, `.eventmap-clock-${process.pid}-${threadId}`));
    expect(fileSystemNow(dir)).toBeUndefined();
    expect(readFileSync(target, 'utf8')).toBe('kept');
    expect(fileSystemNow(join(target, 'below'))).toBeUndefined(); // a file where the folder should be
  });
});

describe('a stage reused from generated/', () => {
  it('is left in place by the tree write without a second read, unless it changed since', async () => {
    const generated = join(work, 'generated');
    cpSync(join(REPO, 'generated'), generated, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(generated, MANIFEST), 'utf8')) as Manifest;
    const [name, record] = Object.entries(manifest.stages ?? {})[0]!;
    for (const rel of listFiles(generated)) pinMtime(join(generated, rel));
    // A record that lies about every file: the reuse hashes the bytes it read all the same.
    const lying = knownHashes(join(work, 'lying'), later);
    for (const rel of listFiles(generated)) lying.set(join(generated, rel), currentStamp(join(generated, rel))!, 'lie');
    lying.save();
    const runner = stageRunner(generated, emitCache(undefined), knownHashes(join(work, 'lying'), later));
    const files = await runner.files(name, record.key, () => {
      throw new Error('generated/ should serve the stage');
    });
    const [rel, text] = [...files][0]!;
    expect(runner.holds(rel, text)).toBe(true);
    expect(runner.holds(rel, `${text} `)).toBe(false);
    rewriteKeepingSizeAndMtime(join(generated, rel));
    expect(runner.holds(rel, text)).toBe(false);
    // The write puts back what the stage holds: the rewrite is not taken for the file.
    const all = new Map(listFiles(generated).map((r) => [r, readFileSync(join(generated, r), 'utf8')]));
    all.set(rel, text);
    const wrote = writeTreeAtomic(generated, all, { holds: runner.holds });
    expect(wrote.written).toBe(1);
    expect(readFileSync(join(generated, rel), 'utf8')).toBe(text);
  });
});

describe('check, with a record of earlier hashes', () => {
  const root = join(work, 'project');
  const cache = join(work, 'check-cache');
  const check = () =>
    runCli(['--root', root, 'check', '--format', 'json'], { env: { CI: undefined, EVENTMAP_CACHE_DIR: cache } });
  /** What a settled earlier run records: every snapshot and generated file by its stamp now. */
  const recordAll = (override: (file: string) => string | undefined = () => undefined) => {
    const files: Record<string, [string, string]> = {};
    for (const dir of ['upstream-schemas', 'generated'])
      for (const rel of listFiles(join(root, dir))) {
        const file = join(root, dir, rel);
        files[file] = [currentStamp(file)!, override(file) ?? sha256(readFileSync(file))];
      }
    mkdirSync(cache, { recursive: true });
    writeFileSync(
      join(cache, 'file-hashes.json'),
      JSON.stringify({ version: 'eventmap-file-hashes-1', entries: files }),
    );
  };

  it('answers from the record, and still catches a hand edit that keeps the size and the mtime', async () => {
    for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
      cpSync(join(REPO, p), join(root, p), { recursive: true });
    expect(JSON.parse((await check()).stdout)).toMatchObject({ ok: true, fast: true });
    // The record is what spares the reads: one that lies about a file's current stamp is believed.
    const types = join(root, 'generated', 'codex-sdk', 'upstream-types.ts');
    recordAll((file) => (file === types ? 'recorded' : undefined));
    expect(JSON.parse((await check()).stdout)).toMatchObject({ ok: true, fast: false });
    const edited = join(root, 'generated', 'codex-sdk', 'mappers.ts');
    pinMtime(edited);
    recordAll();
    expect(JSON.parse((await check()).stdout)).toMatchObject({ ok: true, fast: true });
    rewriteKeepingSizeAndMtime(edited);
    const report = JSON.parse((await check()).stdout) as { ok: boolean; findings: { message: string }[] };
    expect(report.ok).toBe(false);
    expect(report.findings.map((f) => f.message)).toContain(
      'generated/codex-sdk/mappers.ts differs from what generate writes now (stale, or edited by hand)',
    );
  });
});
