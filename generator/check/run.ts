// `eventmap check`: coverage gaps, stale entries, missing paths, and generated/ out of date. The
// fast path answers from generated/coverage.json when the inputs and every generated file match
// manifest.json; a full check (`--full`, CI) trusts no manifest (anyone can rewrite a file and its
// hash) and regenerates from scratch to compare.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { EventmapError } from '../shared/diagnostics.ts';
import type { CoverageReport } from '../emit/coverage.ts';
import { locatedCoverage } from '../emit/coverage.ts';
import { hashInputs, MANIFEST, memoFileHasher, type Manifest } from '../emit/manifest.ts';
import { compareStrings, listFiles, readTree, sha256 } from '../io/fsutil.ts';
import { PLAIN_PATH, readRegularFile, readRegularText, whatIsBelow } from '../io/safe-read.ts';
import { isWhatIf, type PipelineOptions } from '../pipeline/options.ts';
import type { ProjectPaths } from '../project/paths.ts';
import { GENERATES_THROUGH, type Finding } from '../mapping/findings.ts';
import type { Loc, SpecNode } from '../mapping/types.ts';
import { checkNotices } from './notices.ts';
import { listVersions } from '../catalog/vendored.ts';
import type { SourceName } from '../project/sources.ts';

export interface CheckResult {
  findings: Finding[];
  /** Reported, never failing: vendored snapshots no source supports. */
  notices: Finding[];
  coverage: CoverageReport;
  /** True when the fast path answered (inputs unchanged since the last generate). */
  fast: boolean;
}

export interface CheckOptions extends PipelineOptions {
  /** Trust nothing generated/ says about itself: no fast path, no reuse of its files. */
  full?: boolean;
}

export async function runCheck(paths: ProjectPaths, options: CheckOptions = {}): Promise<CheckResult> {
  // Parsed once for the fast path and the notices (a broken spec throws what the slow path would).
  // The spec's parser is loaded here, not by check's static imports.
  const { loadSpec, specLocator } = await import('../mapping/load.ts');
  const spec = loadSpec(paths.spec);
  const snapshots = Object.fromEntries(
    Object.entries(spec.sources).map(([s, v]) => [s, v.snapshots.map((x) => x.version)]),
  );
  const fast =
    options.full || isWhatIf(options)
      ? undefined
      : tryFastPath(paths, snapshots, () => specLocator(spec.text, 'mapping-spec.yaml'));
  const result = fast ?? (await checkFindings(paths, options));
  const notes = { file: spec.file, text: spec.text, snapshots };
  const read = await checkNotices(paths, notes, options.withSnapshots ?? []);
  return {
    ...result,
    findings: [...result.findings, ...read.filter((f) => f.category !== 'notice')],
    notices: read.filter((f) => f.category === 'notice'),
  };
}

async function checkFindings(paths: ProjectPaths, options: CheckOptions): Promise<Omit<CheckResult, 'notices'>> {
  // The full pipeline (emitters, Ajv, json-schema-to-typescript) is only loaded off the fast path.
  const { coverageOf, findingToDiagnostic, loadInputs, runGenerate } = await import('../pipeline/pipeline.ts');
  const inputs = loadInputs(paths, { ...options, reuseGenerated: !options.full });
  const errors = inputs.analysis.findings.filter((f) => f.category === 'error');
  if (errors.length) throw new EventmapError(errors.map(findingToDiagnostic));
  const findings = [...inputs.analysis.findings];
  const coverage = coverageOf(inputs);
  // Output can only be compared when the spec generates; a bumped snapshot (--upstream) is a what-if, not the committed tree.
  if (!isWhatIf(options) && findings.every((f) => GENERATES_THROUGH.has(f.category))) {
    const { files } = await runGenerate(paths, { ...options, reuseGenerated: !options.full });
    // A link or a pipe in generated/ is stale output by its name: it is never followed or opened.
    const irregular = new Set<string>();
    const actual = readTree(paths.generated, (rel) => {
      irregular.add(rel);
      return '';
    });
    findings.push(...staleOutput(files, actual, irregular));
  }
  return { findings, coverage, fast: false };
}

/**
 * The findings recorded in generated/coverage.json, when the inputs hash and every generated file
 * match the manifest; `locator` gives the spec locations of its references.
 */
function tryFastPath(
  paths: ProjectPaths,
  snapshots: Record<string, readonly string[]>,
  locator: () => (node: SpecNode) => Loc,
): Omit<CheckResult, 'notices'> | undefined {
  try {
    // A missing manifest or coverage.json throws too.
    const manifest = JSON.parse(readRegularText(paths.generated, MANIFEST)) as Manifest;
    const dirs = Object.entries(snapshots).flatMap(([source, versions]) =>
      versions.map((v) => join(paths.upstream, source, v)),
    );
    // listVersions refuses a linked snapshot folder (the slow path then says so).
    for (const source of Object.keys(snapshots)) listVersions(paths.upstream, source as SourceName);
    const hashFile = memoFileHasher();
    if (!dirs.every((d) => existsSync(d)) || hashInputs(paths, dirs, hashFile).all !== manifest.inputs)
      return undefined;
    // Exactly the files the manifest lists, by name (not by count: a file system that ignores case
    // would find `A.ts` under `a.ts`).
    const names = Object.keys(manifest.files).sort(compareStrings);
    const listed = listFiles(paths.generated).filter((rel) => rel !== MANIFEST);
    if (!isDeepStrictEqual(listed.sort(compareStrings), names)) return undefined;
    // coverage.json is parsed from the bytes hashed, not read again.
    const coverageBytes = readRegularFile(paths.generated, 'coverage.json');
    if (sha256(coverageBytes) !== manifest.files['coverage.json']) return undefined;
    for (const rel of names) {
      if (rel === 'coverage.json') continue;
      const plain = PLAIN_PATH.test(rel) && whatIsBelow(paths.generated, rel) === 'file';
      if (!plain || hashFile(join(paths.generated, rel)) !== manifest.files[rel]) return undefined;
    }
    const coverage = locatedCoverage(JSON.parse(coverageBytes.toString('utf8')) as CoverageReport, locator());
    return { findings: coverage.findings, coverage, fast: true };
  } catch {
    return undefined; // anything odd: take the slow path, which reports it properly
  }
}

function staleOutput(expected: Map<string, string>, actual: Map<string, string>, irregular: Set<string>): Finding[] {
  const out: Finding[] = [];
  for (const [rel, text] of expected) {
    const have = actual.get(rel);
    if (have === undefined) out.push(staleFinding(rel, 'is missing'));
    else if (irregular.has(rel)) out.push(staleFinding(rel, 'is not a regular file (a link, pipe or device)'));
    else if (have !== text)
      out.push(staleFinding(rel, 'differs from what generate writes now (stale, or edited by hand)'));
  }
  for (const rel of actual.keys()) if (!expected.has(rel)) out.push(staleFinding(rel, 'is not written by generate'));
  return out;
}

function staleFinding(rel: string, what: string): Finding {
  return {
    category: 'stale',
    code: 'generated/stale-output',
    message: `generated/${rel} ${what}`,
    hint: 'run `npm run generate` and commit generated/',
    loc: { file: `generated/${rel}`, line: 1, col: 1 },
  };
}
