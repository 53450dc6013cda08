// Errors fit for CI: one cause gives one error, with a code frame and a did-you-mean; every finding
// carries line and column; exit-2 errors honour --format. In-process on edits of the real
// mapping-spec.yaml, then the CLI once per format that matters to CI.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EventmapError, formatDiagnostic, type Diagnostic } from '../../generator/shared/diagnostics.ts';
import { formatFailure, requestedFormat } from '../../generator/output/failure.ts';
import { loadInputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';
import { loadSpec, parseSpec } from '../../generator/mapping/load.ts';
import { runCli } from '../run-cli.ts';

const REPO = join(import.meta.dirname, '..', '..');

const original = readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8');
const spec = loadSpec(join(REPO, 'mapping-spec.yaml'));
const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A mapped entry with one emit that has ids and a payload read from `$.` paths: the first in the file. */
const entry = spec.entries.find(
  (e) =>
    e.emit.length === 1 &&
    Object.values(e.emit[0]!.ids).some((x) => x?.kind === 'path') &&
    Object.values(e.emit[0]!.payload).some((x) => x.kind === 'path'),
)!;
const lines = original.split('\n');
/** Replace the first `from` at or after line `line` (1-based) by `to`; returns the text and the line changed. */
function editFrom(line: number, from: string, to: string): { text: string; line: number } {
  const i = lines.findIndex((l, n) => n >= line - 1 && l.includes(from));
  if (i < 0) throw new Error(`no ${from} after line ${line}`);
  const copy = [...lines];
  copy[i] = copy[i]!.replace(from, to);
  return { text: copy.join('\n'), line: i + 1 };
}

function diagnosticsOf(text: string): Diagnostic[] {
  try {
    parseSpec(text, 'mapping-spec.yaml');
  } catch (err) {
    if (err instanceof EventmapError) return err.diagnostics;
    throw err;
  }
  return [];
}

/** Findings of the analysis of `text` against this repository's snapshots and model. */
function findingsOf(text: string) {
  return inputsOf(text).analysis.findings;
}

function inputsOf(text: string) {
  const root = mkdtempSync(join(tmpdir(), 'eventmap-ci-errors-'));
  scratch.push(root);
  writeFileSync(join(root, 'mapping-spec.yaml'), text);
  cpSync(join(REPO, 'canonical-model.yaml'), join(root, 'canonical-model.yaml'));
  symlinkSync(join(REPO, 'upstream-schemas'), join(root, 'upstream-schemas'));
  return loadInputs(projectPaths(root));
}

describe('spec errors: one cause, one error, with a frame and a did-you-mean', () => {
  it('a misspelled key', () => {
    const { text, line } = editFrom(entry.loc.line, 'emit:', 'emitt:');
    const [d, ...more] = diagnosticsOf(text);
    expect(more).toEqual([]);
    expect(d).toMatchObject({
      code: 'spec/unknown-key',
      line,
      col: text.split('\n')[line - 1]!.indexOf('emitt') + 1,
      source: text.split('\n')[line - 1],
    });
    expect(d!.hint).toMatch(/^did you mean `emit`\?/);
    const shown = formatDiagnostic(d!).split('\n');
    expect(shown[1]).toBe(`  ${line} | ${text.split('\n')[line - 1]!.trimEnd()}`);
    expect(shown[2]).toBe(`  ${' '.repeat(String(line).length)} | ${' '.repeat(d!.col! - 1)}^`);
  });

  it('a misspelled id key and source name', () => {
    const id = Object.keys(entry.emit[0]!.ids)[0]!;
    const [d] = diagnosticsOf(editFrom(entry.loc.line, `${id}:`, `${id}x:`).text);
    expect(d!.hint).toMatch(new RegExp(`^did you mean \`${id}\`\\?`));
    const [s, ...more] = diagnosticsOf(original.replace(`\n  ${entry.source}:`, `\n  ${entry.source}s:`));
    expect(more).toEqual([]);
    expect(s).toMatchObject({ code: 'spec/unknown-source' });
    expect(s!.hint).toMatch(new RegExp(`^did you mean \`${entry.source}\`\\?`));
  });

  it('a missing } is one error, at the { that is never closed', () => {
    const at = lines.findIndex((l) => / \{ [^{}]+ \}$/.test(l));
    const copy = [...lines];
    copy[at] = copy[at]!.replace(/ \}$/, '');
    const [d, ...more] = diagnosticsOf(copy.join('\n'));
    expect(more).toEqual([]);
    expect(d).toMatchObject({ code: 'spec/yaml-syntax', line: at + 1, col: copy[at]!.indexOf('{') + 1 });
    expect(d!.message).toContain('never closed');
  });

  it('a missing { is one error', () => {
    const at = lines.findIndex((l) => /: \{ \w+: [^{}]+, \w+: \{[^{}]+\} \}$/.test(l));
    expect(at).toBeGreaterThan(0);
    const copy = [...lines];
    copy[at] = copy[at]!.replace(': { ', ':  ');
    const list = diagnosticsOf(copy.join('\n'));
    expect(list).toHaveLength(1);
    expect(list[0]!.line).toBe(at + 1);
  });

  it('an unknown event type, value map, helper, payload field, kind', () => {
    const type = entry.emit[0]!.type;
    const mapRead = spec.entries
      .flatMap((e) => e.emit.flatMap((m) => Object.values(m.payload)))
      .find((x) => x.kind === 'path' && x.map)!;
    const mapName = mapRead.kind === 'path' ? mapRead.map! : '';
    const helper = spec.entries.find((e) => e.after.length)!.after[0]!;
    const kindBlock = `    ${entry.kind}:`;
    const field = Object.keys(entry.emit[0]!.payload)[0]!;
    const cases: [string, string, string, string][] = [
      [
        editFrom(entry.loc.line, `type: ${type}`, `type: ${type}x`).text,
        'spec/unknown-canonical-type',
        type,
        `${type}x`,
      ],
      [
        editFrom(mapRead.loc.line, `map: ${mapName}`, `map: ${mapName}X`).text,
        'spec/unknown-value-map',
        mapName,
        `${mapName}X`,
      ],
      [
        editFrom(helper.loc.line, helper.name, `${helper.name}s`).text,
        'spec/unknown-helper',
        helper.name,
        `${helper.name}s`,
      ],
      [original.replace(kindBlock, `${kindBlock.slice(0, -1)}x:`), 'spec/unknown-kind', entry.kind, `${entry.kind}x`],
      [
        editFrom(entry.emit[0]!.payload[field]!.loc.line, `${field}:`, `${field}_:`).text,
        'spec/unknown-payload-field',
        field,
        `${field}_`,
      ],
    ];
    for (const [text, code, right, wrong] of cases) {
      const errors = findingsOf(text).filter((f) => f.category === 'error');
      expect(
        errors.map((f) => f.code),
        wrong,
      ).toEqual([code]);
      expect(errors[0]!.hint, wrong).toMatch(
        new RegExp(`^did you mean \`${right.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`\\?`),
      );
    }
  });

  it('a misspelled path: one finding for all the snapshots, naming the nearest path they have', () => {
    const read = Object.values(entry.emit[0]!.payload).find((x) => x.kind === 'path')!;
    const text = read.kind === 'path' ? read.path.text : '';
    const last = text.split('.').pop()!;
    const wrong = `${text.slice(0, -last.length)}${last}x`;
    const inputs = inputsOf(editFrom(read.loc.line, text, wrong).text);
    const found = inputs.analysis.findings.filter((f) => f.code === 'spec/unknown-path');
    expect(found).toHaveLength(1);
    const having = (inputs.catalogs[entry.source] ?? [])
      .filter((c) => c.entries.some((e) => e.kind === entry.kind && e.name === entry.name))
      .map((c) => c.version);
    expect(having.length).toBeGreaterThan(0);
    expect(found[0]!.versions).toEqual(having);
    expect(found[0]!.hint).toMatch(new RegExp(`did you mean \`${text.replace(/[.$[\]]/g, '\\$&')}\``));
  });

  it('every finding has a line and a column, a gap where its entry would go', () => {
    const removed = original.split('\n');
    const at = entry.loc.line - 1;
    let end = at + 1;
    while (end < removed.length && /^\s{8,}/.test(removed[end]!)) end++;
    removed.splice(at, end - at);
    const findings = findingsOf(removed.join('\n'));
    const gap = findings.find((f) => f.code === 'coverage/gap' && f.discriminant === `${entry.kind}:${entry.name}`)!;
    expect(gap).toBeDefined();
    const kindLine = removed.findIndex((l) => l === `    ${entry.kind}:`) + 1;
    expect(gap.loc).toMatchObject({ line: kindLine, col: 5 });
    for (const f of findings)
      expect(f.loc, f.message).toMatchObject({ line: expect.any(Number), col: expect.any(Number) });
  });
});

describe('exit-2 errors in the format asked for', () => {
  const d: Diagnostic = {
    code: 'spec/yaml-syntax',
    message: 'bad: 100%, really',
    hint: 'fix it',
    file: 'mapping-spec.yaml',
    line: 3,
    col: 7,
    source: 'a: {b',
  };

  it('github: an ::error annotation with file, line and col; text on stderr', () => {
    const { stdout, stderr } = formatFailure([d], 'github');
    expect(stdout).toBe(
      '::error file=mapping-spec.yaml,line=3,col=7,title=eventmap spec/yaml-syntax::bad: 100%25, really — fix: fix it\n',
    );
    expect(stderr).toContain('mapping-spec.yaml:3:7: error spec/yaml-syntax');
  });

  it('json: one object on stdout', () => {
    expect(JSON.parse(formatFailure([d], 'json').stdout)).toEqual({
      ok: false,
      exitCode: 2,
      errors: [{ code: d.code, message: d.message, hint: d.hint, file: d.file, line: 3, col: 7, source: d.source }],
    });
    expect(formatFailure([d], 'text').stdout).toBe('');
  });

  it('markdown: a comment with the frame fenced', () => {
    const md = formatFailure([{ ...d, source: 'x: ```' }], 'markdown').stdout;
    expect(md).toMatch(/^### eventmap: ❌ could not run \(1 error\)/);
    expect(md).toContain('````\n');
  });

  it('reads --format from the command line', () => {
    expect(requestedFormat(['check', '--format', 'github'])).toBe('github');
    expect(requestedFormat(['--root', 'x', 'check', '--format=json'])).toBe('json');
    expect(requestedFormat(['check', '--format', 'yaml'])).toBe('text');
    expect(requestedFormat(['check'])).toBe('text');
  });

  it('check --format github on a spec with a YAML syntax error: an annotation, exit 2', async () => {
    const root = mkdtempSync(join(tmpdir(), 'eventmap-ci-errors-'));
    scratch.push(root);
    const at = lines.findIndex((l) => / \{ [^{}]+ \}$/.test(l));
    const copy = [...lines];
    copy[at] = copy[at]!.replace(/ \}$/, '');
    writeFileSync(join(root, 'mapping-spec.yaml'), copy.join('\n'));
    for (const p of ['canonical-model.yaml', 'upstream-schemas']) symlinkSync(join(REPO, p), join(root, p));
    const run = (format: string) => runCli(['check', '--format', format], { cwd: root });
    const gh = await run('github');
    expect(gh.status).toBe(2);
    expect(gh.stdout).toMatch(
      new RegExp(`^::error file=mapping-spec\\.yaml,line=${at + 1},col=\\d+,title=eventmap spec/yaml-syntax::`),
    );
    expect(gh.stdout.trim().split('\n')).toHaveLength(1);
    expect(gh.stderr).toContain(`mapping-spec.yaml:${at + 1}:`);
    const json = await run('json');
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      exitCode: 2,
      errors: [{ code: 'spec/yaml-syntax', file: 'mapping-spec.yaml', line: at + 1 }],
    });
  });
});
