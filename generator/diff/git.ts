// Reading mapping-spec.yaml at git revisions. The project root may be a subfolder of the
// repository, so paths go through `git rev-parse --show-prefix`.
import { spawnSync } from 'node:child_process';
import { EventmapError } from '../shared/diagnostics.ts';

export interface Revision {
  /** As the user wrote it (or `merge-base main`), for messages. */
  label: string;
  /** The commit, or undefined for the working tree. */
  commit?: string;
}

function git(root: string, args: string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error)
    throw new EventmapError({
      code: 'diff/no-git',
      message: `cannot run git (${r.error.message})`,
      hint: 'install git, or use `eventmap diff <source>@A <source>@B` for snapshots',
    });
  return { ok: r.status === 0, out: r.stdout, err: r.stderr.trim() };
}

function commitOf(root: string, rev: string): string {
  const r = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  if (!r.ok)
    throw new EventmapError({
      code: 'diff/unknown-revision',
      message: `\`${rev}\` is not a commit of the repository at ${root}`,
      hint: 'pass a branch, tag or commit, e.g. `--spec main..HEAD` or `--spec HEAD~1`',
    });
  return r.out.trim();
}

function checkRepo(root: string): void {
  const r = git(root, ['rev-parse', '--show-toplevel']);
  if (!r.ok)
    throw new EventmapError({
      code: 'diff/not-a-repository',
      message: `${root} is not inside a git repository`,
      hint: '`diff --spec` compares committed revisions of mapping-spec.yaml; run it in a git checkout',
    });
}

/**
 * `A..B` → A and B; `A...B` → merge base of A and B, and B; `A` or `A..` → A and the working tree;
 * nothing → the merge base with `main` (or HEAD, when there is none) and the working tree.
 */
export function parseRange(root: string, range: string | undefined): { from: Revision; to: Revision } {
  checkRepo(root);
  const worktree: Revision = { label: 'working tree' };
  if (!range) {
    const base = git(root, ['merge-base', 'main', 'HEAD']);
    return base.ok
      ? { from: { label: 'merge-base main', commit: base.out.trim() }, to: worktree }
      : { from: { label: 'HEAD', commit: commitOf(root, 'HEAD') }, to: worktree };
  }
  const three = range.indexOf('...');
  if (three >= 0) {
    const [a, b] = [range.slice(0, three) || 'HEAD', range.slice(three + 3) || 'HEAD'];
    const base = git(root, ['merge-base', commitOf(root, a), commitOf(root, b)]);
    if (!base.ok)
      throw new EventmapError({
        code: 'diff/no-merge-base',
        message: `${a} and ${b} have no merge base`,
        hint: 'use A..B instead',
      });
    return {
      from: { label: `merge-base ${a} ${b}`, commit: base.out.trim() },
      to: { label: b, commit: commitOf(root, b) },
    };
  }
  const two = range.indexOf('..');
  if (two < 0) return { from: { label: range, commit: commitOf(root, range) }, to: worktree };
  const [a, b] = [range.slice(0, two) || 'HEAD', range.slice(two + 2)];
  return { from: { label: a, commit: commitOf(root, a) }, to: b ? { label: b, commit: commitOf(root, b) } : worktree };
}

/** The text of `<root>/<file>` at a commit, or undefined when the file does not exist there. */
export function fileAtRevision(root: string, commit: string, file: string): string | undefined {
  const prefix = git(root, ['rev-parse', '--show-prefix']).out.trim();
  const spec = `${commit}:${prefix}${file}`;
  if (!git(root, ['cat-file', '-e', spec]).ok) return undefined;
  const r = git(root, ['show', spec]);
  if (!r.ok)
    throw new EventmapError({
      code: 'diff/git-show',
      message: `git show ${spec} failed: ${r.err}`,
      hint: 'check the repository',
    });
  return r.out;
}

/** A short name for a commit, for headings. */
export function shortCommit(commit: string): string {
  return commit.slice(0, 12);
}
