// Terminal and CI injection (issue 29): a hostile name in a snapshot copy, in traffic or on the
// command line goes through every command and every --format. Text shows no raw control or bidi
// character and starts no line of its own (a GitHub Actions log runs `::warning::…` at a line's
// start); annotations are escaped by the workflow-command rules; Markdown keeps the name in a
// code span and neutralises HTML outside spans; JSON gives the name back byte for byte. Each case
// failed on the main of issue 29 (raw ESC, CR/LF, bidi; `</script>` outside code spans).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { runCli } from '../run-cli.ts';
import { isPrintable, printable } from '../../generator/output/text.ts';

const REPO = join(import.meta.dirname, '..', '..');
/**
 * OSC title, BEL, CR, LF and a workflow command, bidi override and isolate, a script end tag,
 * backticks, and characters that show as nothing or a blank (Hangul filler, braille blank).
 */
const HOSTILE = 'x\u001b]0;title\u0007\r\n::warning::forged\u202e\u2066</script>`y``\u3164\u2800';
const SHOWN = printable(HOSTILE);

const work = mkdtempSync(join(tmpdir(), 'eventmap-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const at = (...p: string[]) => join(work, ...p);
const eventmap = (...args: string[]) => runCli(['--root', work, ...args], { env: { CI: undefined } });

/** A copy of codex-app-server 0.171.0 with a notification named HOSTILE, its params described with bidi controls. */
function hostileSnapshot(dir: string): void {
  cpSync(join(REPO, 'upstream-schemas', 'codex-app-server', '0.171.0'), dir, { recursive: true });
  const file = join(dir, 'ServerNotification.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { oneOf: unknown[] };
  doc.oneOf.push({
    type: 'object',
    required: ['method', 'params'],
    properties: {
      method: { type: 'string', enum: [HOSTILE] },
      params: { type: 'object', description: `d\u202e ${HOSTILE}`, properties: { [HOSTILE]: { type: 'string' } } },
    },
  });
  writeFileSync(file, JSON.stringify(doc));
}

const SNAP = at('hostile-snapshot');
beforeAll(() => {
  for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
    cpSync(join(REPO, p), at(p), { recursive: true });
  hostileSnapshot(SNAP);
  // Traffic: a bare JSON-RPC notification the catalogs do not know.
  writeFileSync(at('traffic.jsonl'), `${JSON.stringify({ jsonrpc: '2.0', method: HOSTILE, params: {} })}\n`);
});

// Any C0/C1 control but the line break, any format character (bidi), U+2028/9, what shows as
// nothing (default-ignorable: the Hangul fillers, variation selectors) or as a blank (U+2800,
// every space but U+0020).
const RAW =
  /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/u;

/** Text a terminal or a CI log shows as it is: nothing raw, no line of its own but eventmap's annotations. */
function expectSafeText(out: string, annotations = false): void {
  expect(out, JSON.stringify(out.match(RAW)?.[0])).not.toMatch(RAW);
  for (const line of out.split('\n')) {
    if (annotations && line) expect(line).toMatch(/^::(error|notice) (file=[^,:]*,line=\d+,col=\d+,)?title=eventmap /);
    else expect(line.startsWith('::'), line).toBe(false);
  }
  expect(out).not.toMatch(/^::warning::forged/m);
}

// CommonMark code spans: a backtick run closed by the next run of the same length.
const SPAN = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;

/** Markdown: no HTML outside code spans, and the name (unless null: a message quoting it) shown whole in one of them. */
function expectSafeMarkdown(out: string, name: string | null = SHOWN): void {
  expectSafeText(out);
  const spans = [...out.matchAll(SPAN)].map((m) => m[2]!.trim());
  if (name !== null) expect(spans.some((s) => s.includes(name))).toBe(true);
  const outside = out.replace(SPAN, '');
  expect(outside).not.toMatch(/<[a-z/!?]/i);
}

/** JSON with nothing raw in it, which gives the name back exactly. */
function expectExactJson(out: string): void {
  expect(out).not.toMatch(RAW);
  const strings: string[] = [];
  JSON.stringify(JSON.parse(out), (_k, v: unknown) => {
    if (typeof v === 'string') strings.push(v);
    return v;
  });
  expect(strings.some((s) => s.includes(HOSTILE))).toBe(true);
}

describe('the characters text output escapes', () => {
  // Fillers and blanks (issue 37): each looks like nothing, or like a space, on a terminal.
  it.each([
    ['HANGUL CHOSEONG FILLER', '\u115f'],
    ['HANGUL JUNGSEONG FILLER', '\u1160'],
    ['HANGUL FILLER', '\u3164'],
    ['HALFWIDTH HANGUL FILLER', '\uffa0'],
    ['BRAILLE PATTERN BLANK', '\u2800'],
    ['ZERO WIDTH SPACE', '\u200b'],
    ['COMBINING GRAPHEME JOINER', '\u034f'],
    ['VARIATION SELECTOR-16', '\ufe0f'],
    ['NO-BREAK SPACE', '\u00a0'],
    ['IDEOGRAPHIC SPACE', '\u3000'],
    ['TAG LATIN SMALL LETTER A', '\u{e0061}'],
  ])('%s', (_name, c) => {
    expect(printable(`a${c}b`)).toBe(`a\\u{${c.codePointAt(0)!.toString(16)}}b`);
    expect(isPrintable(`a${c}b`)).toBe(false);
  });

  it('keeps the ordinary space and visible letters of any script', () => {
    for (const s of ['a b', 'é', '한글', '⠁', 'ﾡ']) expect(printable(s)).toBe(s);
  });
});

describe('check, in every format, on a snapshot with a hostile name', () => {
  const check = (format: string) => eventmap('check', '--format', format, '--upstream', `codex-app-server=${SNAP}`);

  it('text', async () => {
    const r = await check('text');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(SHOWN);
    expectSafeText(r.stdout);
  });

  it('github: every line one of its annotations, escaped by the workflow-command rules', async () => {
    const r = await check('github');
    expectSafeText(r.stdout, true);
    const gap = r.stdout.split('\n').find((l) => l.includes('forged'))!;
    // In a property `:` and `,` are escaped too; in the message only `%`, CR and LF.
    expect(gap).toContain(
      `title=eventmap gap%3A codex-app-server@0.171.0 notification%3A${SHOWN.replace(/:/g, '%3A')}::`,
    );
  });

  it('markdown: the name in a code span, no HTML outside spans', async () => {
    expectSafeMarkdown((await check('markdown')).stdout);
  });

  it('json: the exact name', async () => {
    const r = await check('json');
    expectExactJson(r.stdout);
    const report = JSON.parse(r.stdout) as { findings: { discriminant?: string }[] };
    expect(report.findings.map((f) => f.discriminant)).toContain(`notification:${HOSTILE}`);
  });
});

describe('diff of two snapshots', () => {
  const diff = (format: string) =>
    eventmap('diff', 'codex-app-server@0.171.0', `codex-app-server@${SNAP}`, '--format', format);

  it('text', async () => {
    const r = await diff('text');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(SHOWN);
    expectSafeText(r.stdout);
  });

  it('markdown', async () => expectSafeMarkdown((await diff('markdown')).stdout));

  it('json', async () => expectExactJson((await diff('json')).stdout));
});

describe('diff --spec', () => {
  beforeAll(() => {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: work, stdio: 'pipe' });
    git('init', '-q');
    git('add', 'mapping-spec.yaml');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'spec');
    // The working tree ignores a notification named HOSTILE, for a hostile reason.
    const doc = parseDocument(readFileSync(at('mapping-spec.yaml'), 'utf8'));
    doc.setIn(['mappings', 'codex-app-server', 'notification', HOSTILE], doc.createNode({ ignore: `r ${HOSTILE}` }));
    writeFileSync(at('mapping-spec.yaml'), doc.toString({ lineWidth: 0 }));
  });
  afterAll(() => cpSync(join(REPO, 'mapping-spec.yaml'), at('mapping-spec.yaml')));
  const diff = (format: string) => eventmap('diff', '--spec', 'HEAD', '--format', format);

  it('text', async () => {
    const r = await diff('text');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(SHOWN);
    expectSafeText(r.stdout);
  });

  it('markdown', async () => expectSafeMarkdown((await diff('markdown')).stdout, `notification ${SHOWN}`));

  it('json', async () => expectExactJson((await diff('json')).stdout));
});

describe('catalog, suggest, census', () => {
  it('catalog text and json', async () => {
    const text = await eventmap('catalog', `codex-app-server@${SNAP}`);
    expect(text.stdout).toContain(SHOWN);
    expectSafeText(text.stdout);
    expectExactJson((await eventmap('catalog', `codex-app-server@${SNAP}`, '--format', 'json')).stdout);
  });

  it('suggest text and json', async () => {
    const text = await eventmap('suggest', '--upstream', `codex-app-server=${SNAP}`);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('forged');
    expectSafeText(text.stdout);
    expectSafeText(text.stderr);
    expectExactJson((await eventmap('suggest', '--upstream', `codex-app-server=${SNAP}`, '--format', 'json')).stdout);
  });

  it('census text and json, on traffic', async () => {
    const text = await eventmap('census', at('traffic.jsonl'));
    expect(text.stdout).toContain(SHOWN);
    expectSafeText(text.stdout);
    expectExactJson((await eventmap('census', at('traffic.jsonl'), '--format', 'json')).stdout);
  });
});

describe('normalize and upstream', () => {
  it('normalize: its stderr summary is safe text, its JSONL exact', async () => {
    const r = await eventmap('normalize', '--source', 'codex-app-server', '--clock', '0', at('traffic.jsonl'));
    expectSafeText(r.stderr);
    const lines = r.stdout.trim().split('\n');
    for (const l of lines) expect(l).not.toMatch(RAW);
    expect(lines.map((l) => JSON.stringify(JSON.parse(l))).join('\n')).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('upstream support with a hostile argument', async () => {
    const r = await eventmap('upstream', 'support', `${HOSTILE}@1.0.0`);
    expect(r.status).toBe(2);
    expectSafeText(r.stderr);
  });

  // A command that cannot run says why in its --format: a diagnostic quoting the argument.
  it.each(['text', 'github', 'markdown', 'json'])(
    'a hostile argument that stops check: --format %s',
    async (format) => {
      const r = await eventmap('check', '--with', `${HOSTILE}@1.0.0`, '--format', format);
      expect(r.status).toBe(2);
      expectSafeText(r.stderr);
      if (format === 'github') expectSafeText(r.stdout, true);
      else if (format === 'markdown') expectSafeMarkdown(r.stdout, null);
      else if (format === 'json') expect((JSON.parse(r.stdout) as { ok: boolean }).ok).toBe(false);
      expect(r.stdout).not.toMatch(RAW);
    },
  );
});

describe('generated files from a snapshot with a hostile name', () => {
  it('no bidi control in comments, COVERAGE.md or coverage.json; coverage.json keeps the exact name', async () => {
    const root = mkdtempSync(join(work, 'gen-'));
    for (const p of ['mapping-spec.yaml', 'canonical-model.yaml', 'upstream-schemas', 'generated'])
      cpSync(join(REPO, p), join(root, p), { recursive: true });
    const dir = join(root, 'upstream-schemas', 'codex-app-server', '0.171.0');
    rmSync(dir, { recursive: true });
    hostileSnapshot(dir);
    const r = await runCli(['--root', root, 'generate'], { env: { CI: undefined } });
    expect(r.status, r.stderr).toBe(0);
    const files = readdirSync(join(root, 'generated'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(ts|js|md|json)$/.test(f),
    );
    const texts = new Map(files.map((f) => [f, readFileSync(join(root, 'generated', f), 'utf8')]));
    for (const [f, text] of texts) expect(text, f).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    // The name reached the output, escaped: in the types, in COVERAGE.md (a code span), in coverage.json (exact).
    expect(texts.get('codex-app-server/upstream-types.ts')).toContain('\\u202e');
    expectSafeMarkdown(texts.get('COVERAGE.md')!);
    const coverage = JSON.parse(texts.get('coverage.json')!) as {
      sources: Record<string, { discriminants: { name: string }[] }>;
    };
    expect(coverage.sources['codex-app-server']!.discriminants.map((d) => d.name)).toContain(HOSTILE);
  });
});
