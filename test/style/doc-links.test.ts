// Every relative link in README.md and docs/*.md points at a file that exists and, for `#anchor`,
// at a heading of that file (GitHub's anchors). Reads only the checkout's own markdown.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code, where a `](...)` is not a link. */
function prose(text: string): string {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown file's headings make, with GitHub's `-1`, `-2` for repeats. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

interface Link {
  doc: string;
  line: number;
  target: string;
}

function links(doc: string): Link[] {
  const text = prose(readFileSync(path.join(root, doc), 'utf8'));
  const out: Link[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    out.push({ doc, line: text.slice(0, m.index).split('\n').length, target });
  }
  return out;
}

describe('documentation links', () => {
  it('finds the documents and their links', () => {
    expect(docs).toContain('docs/performance.md');
    expect(docs).toContain('docs/decisions.md');
    expect(docs.flatMap(links).length).toBeGreaterThan(20);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('Drafting (`eventmap suggest`)')).toBe('drafting-eventmap-suggest');
    expect(slug("Installing the packages, and normalize's edges (issue 28)")).toBe(
      'installing-the-packages-and-normalizes-edges-issue-28',
    );
    expect(slug('Errors (exit 2)')).toBe('errors-exit-2');
  });

  it.each(docs)('%s: every relative link resolves to a file and heading', (doc) => {
    const broken: string[] = [];
    for (const { line, target } of links(doc)) {
      const [file = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = file === '' ? path.join(root, doc) : path.resolve(path.dirname(path.join(root, doc)), file);
      const where = `${doc}:${line} → ${target}`;
      if (!existsSync(resolved)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
        broken.push(`${where}: an anchor into a file that is not markdown`);
        continue;
      }
      if (!anchors(resolved).has(decodeURIComponent(anchor))) broken.push(`${where}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
