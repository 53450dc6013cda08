// The three injections seen in the wild (issue 12), each through the whole pipeline: generate
// either refuses with a located error, or writes code that type-checks and whose import does
// nothing. Each failed on the main of 2026-11-30 (the payload ran on import).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import {
  generate,
  hostileProject,
  importSideEffects,
  PAYLOAD,
  REPO,
  typecheck,
  type HostileProject,
  type Outcome,
} from './hostile-project.ts';

const projects: HostileProject[] = [];
const temps: string[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.remove();
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function project(sources: string[]): HostileProject {
  const p = hostileProject(sources);
  projects.push(p);
  return p;
}

/** Refused with every diagnostic located, or generated code that is inert. */
function expectSafe(p: HostileProject, outcome: Outcome): void {
  if (outcome.kind === 'refused') {
    for (const d of outcome.diagnostics) expect(d.file, JSON.stringify(d)).toBeTruthy();
    return;
  }
  expect(typecheck(p)).toBe('');
  const run = importSideEffects(p);
  expect(run.canary).toBe(null);
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe('');
}

/**
 * The payload appears in generated code only inside string literals and comments: with every
 * literal blanked out (found by TypeScript's parser, so any quoting Prettier chose counts) and
 * comments skipped by its scanner, what is left of the file has none of its code.
 */
function expectPayloadInert(files: Map<string, string>): void {
  for (const [rel, text] of files) {
    if (!/\.(ts|js)$/.test(rel) || !text.includes('__eventmapPwned')) continue;
    const kind = rel.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    const file = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, kind);
    const chars = text.split(''); // UTF-16 units, as node positions count
    const blank = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node))
        for (let i = node.getStart(file); i < node.end; i++) chars[i] = ' ';
      ts.forEachChild(node, blank);
    };
    blank(file);
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, chars.join(''));
    let code = '';
    for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan())
      if (t !== ts.SyntaxKind.SingleLineCommentTrivia && t !== ts.SyntaxKind.MultiLineCommentTrivia)
        code += scanner.getTokenText();
    // The payload's code (its "PWNED" is a literal, blanked too); a mangled name such as
    // `…EventmapPwned1ConsoleLogPWNED` is an identifier, not the payload.
    expect(/__eventmapPwned|console\s*\.\s*log/.test(code), `${rel}: the payload outside a literal or comment`).toBe(
      false,
    );
  }
}

function snapshotCopy(source: string, version: string, name = 'snapshot'): string {
  const parent = mkdtempSync(join(tmpdir(), 'eventmap-hostile-snap-'));
  temps.push(parent);
  const dir = join(parent, name);
  cpSync(join(REPO, 'upstream-schemas', source, version), dir, { recursive: true });
  return dir;
}

describe('a hostile snapshot or spec never becomes code', () => {
  it('a provenance version that ends the header comment', async () => {
    const p = project(['codex-sdk']);
    const dir = snapshotCopy('codex-sdk', '0.163.0');
    const provenance = JSON.parse(
      JSON.stringify(await import(join(dir, 'provenance.json'), { with: { type: 'json' } }).then((m) => m.default)),
    );
    provenance.version = `0.163.0\n${PAYLOAD}\n//`;
    writeFileSync(join(dir, 'provenance.json'), JSON.stringify(provenance));
    const outcome = await generate(p, { upstreamOverrides: { 'codex-sdk': dir } });
    if (outcome.kind === 'generated') expectPayloadInert(outcome.files);
    expectSafe(p, outcome);
  });

  it('a snapshot folder whose path has a line break (no provenance.json)', async () => {
    const p = project(['codex-sdk']);
    const dir = snapshotCopy('codex-sdk', '0.163.0', `x\n${PAYLOAD}\n//`);
    rmSync(join(dir, 'provenance.json'));
    const outcome = await generate(p, { upstreamOverrides: { 'codex-sdk': dir } });
    if (outcome.kind === 'generated') expectPayloadInert(outcome.files);
    expectSafe(p, outcome);
  });

  it('a server-request method that ends a doc comment, mapped with a response and left unmapped', async () => {
    const p = project(['codex-app-server']);
    const method = `evil */ ${PAYLOAD} /* x`;
    const unmapped = `evil2 */ ${PAYLOAD} /* y`;
    p.editJson('upstream-schemas/codex-app-server/0.171.0/ServerRequest.json', (json) => {
      const template = json.oneOf.find(
        (m: { properties: { method: { enum: string[] } } }) =>
          m.properties.method.enum[0] === 'item/commandExecution/requestApproval',
      );
      for (const name of [method, unmapped])
        json.oneOf.push({
          ...template,
          properties: { ...template.properties, method: { ...template.properties.method, enum: [name] } },
        });
    });
    p.editYaml('mapping-spec.yaml', (doc) => {
      const existing = doc.getIn(['mappings', 'codex-app-server', 'request', 'item/commandExecution/requestApproval']);
      doc.setIn(['mappings', 'codex-app-server', 'request', method], existing);
    });
    const outcome = await generate(p);
    expect(outcome.kind).toBe('generated');
    if (outcome.kind === 'generated') expectPayloadInert(outcome.files);
    expectSafe(p, outcome);
  });

  it('a value-map name that is not an identifier is refused where it is written', async () => {
    const p = project(['codex-sdk']);
    p.editYaml('mapping-spec.yaml', (doc) => {
      doc.setIn(
        ['valueMaps', `zz = 0; ${PAYLOAD} //`],
        doc.createNode({ source: 'codex-sdk', to: 'ItemStatus', values: { x: 'completed' } }),
      );
    });
    const outcome = await generate(p);
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(outcome.diagnostics).toHaveLength(1);
    expect(outcome.diagnostics[0]).toMatchObject({
      code: 'spec/bad-name',
      file: expect.stringContaining('mapping-spec.yaml'),
      line: expect.any(Number),
      col: expect.any(Number),
    });
  });
});
