// A throwaway eventmap project for the injection tests: the repository's inputs for some sources,
// with hostile strings put where a snapshot, the spec or the model can carry a string; then
// generate in-process, and check that what it writes compiles under `tsc --strict` and that
// importing it, in a child process, has no side effect (a canary: nothing printed, no global set).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { EventmapError } from '../../generator/shared/diagnostics.ts';
import { runGenerate, type PipelineOptions } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';

export const REPO = join(import.meta.dirname, '..', '..');

/** What an injected string does if it ever runs: print and set a global the child reports. */
export const PAYLOAD = 'globalThis.__eventmapPwned = 1; console.log("PWNED");';

/** Strings that end a comment, a string, a template or a line, each carrying the payload. */
export const HOSTILE: readonly string[] = [
  `x */ ${PAYLOAD} /* y`,
  `x\n${PAYLOAD}\n//`,
  `x\r\n${PAYLOAD}\r\n//`,
  `x\u2028${PAYLOAD}\u2028//`,
  `x\u2029*/${PAYLOAD}/*`,
  `x\` + (${PAYLOAD}) + \``,
  `x\${${PAYLOAD}}`,
  `x"; ${PAYLOAD} "`,
  `x'; ${PAYLOAD} '`,
  `x\\"; ${PAYLOAD} //`,
  `</script><script>${PAYLOAD}</script>`,
  `x\u0000${PAYLOAD}`,
  `x\u202e */${PAYLOAD}`,
  `${'a'.repeat(5000)} */ ${PAYLOAD} /*`,
  '__proto__',
  'constructor',
];

export interface HostileProject {
  root: string;
  /** Path inside the project. */
  at(...parts: string[]): string;
  /** Edit a YAML input (the document keeps its comments and layout). */
  editYaml(rel: string, edit: (doc: ReturnType<typeof parseDocument>) => void): void;
  editJson(rel: string, edit: (json: Record<string, any>) => void): void;
  remove(): void;
}

/** The repository's inputs, cut down to `sources`, in a temp folder that can import the runtime. */
export function hostileProject(sources: readonly string[]): HostileProject {
  const root = mkdtempSync(join(tmpdir(), 'eventmap-hostile-'));
  const at = (...parts: string[]) => join(root, ...parts);
  cpSync(join(REPO, 'canonical-model.yaml'), at('canonical-model.yaml'));
  writeFileSync(at('package.json'), JSON.stringify({ private: true, type: 'module' }));
  for (const s of sources) cpSync(join(REPO, 'upstream-schemas', s), at('upstream-schemas', s), { recursive: true });
  // Generated mappers import ../../runtime; tsc and tsx come from the repository's node_modules.
  symlinkSync(join(REPO, 'runtime'), at('runtime'));
  symlinkSync(join(REPO, 'node_modules'), at('node_modules'));
  const spec = parseDocument(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8'));
  const data = spec.toJS() as { sources: object; mappings: object; valueMaps: Record<string, { source?: string }> };
  for (const section of ['sources', 'mappings'] as const) {
    for (const key of Object.keys(data[section])) if (!sources.includes(key)) spec.deleteIn([section, key]);
  }
  // Maps between canonical enums (no source) serve every source: they stay.
  for (const [name, map] of Object.entries(data.valueMaps))
    if (map.source !== undefined && !sources.includes(map.source)) spec.deleteIn(['valueMaps', name]);
  writeFileSync(at('mapping-spec.yaml'), spec.toString({ lineWidth: 0 }));
  return {
    root,
    at,
    editYaml(rel, edit) {
      const doc = parseDocument(readFileSync(at(rel), 'utf8'));
      edit(doc);
      writeFileSync(at(rel), doc.toString({ lineWidth: 0 }));
    },
    editJson(rel, edit) {
      const json = JSON.parse(readFileSync(at(rel), 'utf8'));
      edit(json);
      writeFileSync(at(rel), JSON.stringify(json, null, 2));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export type Outcome =
  { kind: 'refused'; diagnostics: EventmapError['diagnostics'] } | { kind: 'generated'; files: Map<string, string> };

/** Generate in-process: refused (an EventmapError) or the files, written to generated/. */
export async function generate(p: HostileProject, options: PipelineOptions = {}): Promise<Outcome> {
  let files: Map<string, string>;
  try {
    files = (await runGenerate(projectPaths(p.root), options)).files;
  } catch (err) {
    if (err instanceof EventmapError) return { kind: 'refused', diagnostics: err.diagnostics };
    throw err;
  }
  for (const [rel, text] of files) {
    mkdirSync(join(p.at('generated', rel), '..'), { recursive: true });
    writeFileSync(p.at('generated', rel), text);
  }
  return { kind: 'generated', files };
}

/** `tsc --strict --noEmit` over generated/ (and the runtime it imports): its output, '' when clean. */
export function typecheck(p: HostileProject): string {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023'],
      types: [],
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      allowJs: false,
      skipLibCheck: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
    },
    include: ['generated/**/*.ts'],
  };
  writeFileSync(p.at('tsconfig.json'), JSON.stringify(config));
  const r = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', p.at('tsconfig.json')], {
    encoding: 'utf8',
    cwd: p.root,
  });
  return `${r.stdout}${r.stderr}`.trim();
}

/** Import every generated module in a child process; what it printed besides the canary line. */
export function importSideEffects(p: HostileProject): { stdout: string; stderr: string; canary: unknown } {
  const modules = listFiles(p.at('generated')).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'));
  const script = [
    ...modules.map((f) => `await import(${JSON.stringify(`./${relative(p.root, f)}`)});`),
    'process.stdout.write("CANARY:" + JSON.stringify(globalThis.__eventmapPwned ?? null) + "\\n");',
  ].join('\n');
  writeFileSync(p.at('import-all.mjs'), script);
  const r = spawnSync(process.execPath, ['--import', 'tsx', p.at('import-all.mjs')], { encoding: 'utf8', cwd: p.root });
  const line = /^CANARY:(.*)$/m.exec(r.stdout);
  return {
    stdout: r.stdout.replace(/^CANARY:.*\n?/m, ''),
    stderr: r.stderr,
    canary: line ? JSON.parse(line[1]!) : 'no canary line (the import failed)',
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(join(dir, d.name)) : [join(dir, d.name)],
  );
}
