// The semantic analysis of mapping-spec.yaml against the catalogs of every supported snapshot and
// the canonical model: coverage (mapped / ignored / gap), stale entries, paths, types, enums.
import { entryKey } from '../catalog/load.ts';
import { responseSchema } from '../catalog/response.ts';
import type { Catalog, CatalogEntry, EntryKind } from '../catalog/types.ts';
import { compareStrings } from '../io/fsutil.ts';
import { ownRecord } from '../shared/own-record.ts';
import type { CanonicalModel } from '../model/types.ts';
import { guessHint } from '../shared/did-you-mean.ts';
import type { HelperManifest } from '../../runtime/helpers/manifest.ts';
import { checkHookUse } from './helper-check.ts';
import { checkSharedMaps } from './shared-maps.ts';
import { checkEmit, type MapReads } from './check-emit.ts';
import type { PathTarget } from './path-hints.ts';
import { coveringMap, entryStatus, MESSAGE_KINDS, valueMapHit, valueStatus } from './coverage-status.ts';
import { sourceFinding, type CoverageRow, type Finding } from './findings.ts';
import { isPlaceholder } from './review.ts';
import { slotFitFinding, slotFits } from './slot-fit.ts';
import type { MappingEntry, MappingSpec } from './types.ts';

export interface SpecAnalysis {
  findings: Finding[];
  coverage: CoverageRow[];
}

/** The part of the spec one source's analysis reads: it is given only this (see `analyzeSpec`'s `memo`). */
export type AnalysisSpec = Pick<MappingSpec, 'sources' | 'valueMaps' | 'entries' | 'sections'>;

/** The source's block, entries and `mappings` sections, and every value map (an entry's `map:` may name any). */
export function sourceAnalysisSpec(spec: MappingSpec, source: string): AnalysisSpec {
  const block = spec.sources[source];
  const mine = (section: string) =>
    section === 'mappings' || section === `mappings.${source}` || section.startsWith(`mappings.${source}.`);
  return {
    sources: ownRecord(block ? [[source, block]] : []),
    valueMaps: spec.valueMaps,
    entries: spec.entries.filter((e) => e.source === source),
    sections: ownRecord(Object.entries(spec.sections ?? {}).filter(([section]) => mine(section))),
  };
}

/** Serves one source's analysis, e.g. from a cache keyed by its part of the spec (generator/pipeline/cached-analysis.ts). */
export type AnalysisMemo = (source: string, part: AnalysisSpec, analyze: () => SpecAnalysis) => SpecAnalysis;

export function analyzeSpec(
  spec: MappingSpec,
  catalogs: Record<string, Catalog[]>,
  model: CanonicalModel,
  helpers: HelperManifest,
  memo: AnalysisMemo = (_source, _part, analyze) => analyze(),
): SpecAnalysis {
  const findings: Finding[] = [];
  const coverage: CoverageRow[] = [];
  for (const source of Object.keys(spec.sources)) {
    const part = sourceAnalysisSpec(spec, source);
    const one = memo(source, part, () => analyzeSource(part, source, catalogs[source] ?? [], model, helpers));
    findings.push(...one.findings);
    coverage.push(...one.coverage);
  }
  // Maps between canonical enums (no source): their values and default, then what only they have.
  checkValueMaps(spec, model, undefined, [], findings);
  checkSharedMaps(spec, model, findings);
  for (const e of spec.entries) {
    if (!spec.sources[e.source])
      findings.push({
        category: 'error',
        code: 'spec/unknown-source',
        message: `mappings for \`${e.source}\`, which is not under sources`,
        hint: `add sources.${e.source} with its provider and snapshots`,
        loc: e.loc,
      });
  }
  findings.sort((a, b) => (a.loc?.line ?? 0) - (b.loc?.line ?? 0) || compareStrings(a.message, b.message));
  return { findings: dedupe(findings), coverage };
}

/** One source's findings and coverage rows, from its part of the spec alone. */
function analyzeSource(
  spec: AnalysisSpec,
  source: string,
  cats: Catalog[],
  model: CanonicalModel,
  helpers: HelperManifest,
): SpecAnalysis {
  const findings: Finding[] = [];
  const report = (f: Parameters<typeof sourceFinding>[1]) => findings.push(sourceFinding({ source }, f));
  const coverage: CoverageRow[] = [];
  const src = spec.sources[source]!;
  // The runtime stamps this value on every event of the source (generated PROVIDER).
  const providers = model.enums.ProviderKind?.values ?? [];
  if (!providers.includes(src.provider)) {
    report({
      code: 'spec/unknown-provider',
      message: `sources.${source}.provider ${JSON.stringify(src.provider)} is not a ProviderKind`,
      hint: `use one of ${providers.join(', ')} (canonical-model.yaml enums.ProviderKind)`,
      loc: src.providerLoc,
    });
  }
  // Union of discriminants over the supported snapshots, with the versions that have each.
  const known = new Map<string, { kind: EntryKind; name: string; versions: string[] }>();
  for (const c of cats) {
    for (const e of c.entries) {
      const k = entryKey(e);
      const row = known.get(k) ?? { kind: e.kind, name: e.name, versions: [] };
      row.versions.push(c.version);
      known.set(k, row);
    }
  }
  const entries = spec.entries.filter((e) => e.source === source);
  // The named values each value map's reads can take (check-emit.ts): a value one can take is not stale.
  const mapReads: MapReads = new Map();
  const byKey = new Map(entries.map((e) => [entryKey(e), e]));
  const kindsHere = [...new Set(cats.flatMap((c) => c.entries.map((e) => e.kind)))].filter((x) => MESSAGE_KINDS.has(x));
  for (const entry of entries) {
    const k = entryKey(entry);
    if (!MESSAGE_KINDS.has(entry.kind)) {
      // Once per kind block (at its key), not once per entry under it: one cause, one error.
      const loc = spec.sections?.[`mappings.${source}.${entry.kind}`] ?? entry.loc;
      if (!findings.some((f) => f.code === 'spec/unknown-kind' && f.source === source && f.loc === loc)) {
        report({
          code: 'spec/unknown-kind',
          message: `\`${entry.kind}\` is not a message kind of ${source}`,
          hint: guessHint(
            entry.kind,
            kindsHere,
            `use one of: ${kindsHere.join(', ')}; item/tool types are covered by valueMaps`,
          ),
          discriminant: k,
          loc,
        });
      }
      continue;
    }
    if (!known.has(k)) {
      report({
        category: 'stale',
        code: 'spec/stale-entry',
        message: `${source} ${entry.kind} \`${entry.name}\` is in none of the supported snapshots (${cats.map((c) => c.version).join(', ')})`,
        hint: 'remove the entry, or fix the name',
        discriminant: k,
        loc: entry.loc,
      });
      continue;
    }
    checkEntry(spec, model, helpers, entry, cats, findings, mapReads);
  }
  const maps = Object.values(spec.valueMaps).filter((m) => m.source === source);
  for (const [k, d] of [...known].sort(([a], [b]) => compareStrings(a, b))) {
    const row = { source, kind: d.kind, name: d.name, versions: d.versions };
    if (MESSAGE_KINDS.has(d.kind)) {
      const entry = byKey.get(k);
      coverage.push({
        ...row,
        status: entryStatus(entry),
        targets: entry
          ? [
              ...new Set([
                ...entry.emit.map((e) => e.type),
                ...[...entry.before, ...entry.after].map((h) => `helper:${h.name}`),
              ]),
            ]
          : [],
        ...(entry?.ignore ? { reason: entry.ignore } : {}),
        ...(entry ? { loc: entry.loc } : {}),
      });
      // Placed where the entry would go: its kind's block, else the source's, else `mappings`.
      const where =
        spec.sections?.[`mappings.${source}.${d.kind}`] ??
        spec.sections?.[`mappings.${source}`] ??
        spec.sections?.mappings;
      if (!entry)
        report({
          category: 'gap',
          code: 'coverage/gap',
          message: `${source} ${d.kind} \`${d.name}\` (${d.versions.join(', ')}) has neither a mapping nor an ignore`,
          hint: `add it under mappings.${source}.${d.kind} with \`emit:\` or \`ignore: <reason>\` (\`eventmap suggest\` drafts it)`,
          versions: d.versions,
          discriminant: k,
          ...(where ? { loc: where } : {}),
        });
      else if (entry.ignore !== undefined && isPlaceholder(entry.ignore))
        report({
          category: 'review',
          code: 'spec/needs-review',
          message: `${source} ${d.kind} \`${d.name}\` still needs a person: ${entry.ignore}`,
          hint: 'map it with `emit:`, or replace the TODO with the reason it is ignored',
          versions: d.versions,
          discriminant: k,
          loc: entry.loc,
        });
    } else {
      const map = coveringMap(maps, d.kind);
      const v = map && valueMapHit(map, d.name);
      coverage.push({
        ...row,
        status: valueStatus(v),
        targets: v?.value ? [v.value] : [],
        ...(v ? { loc: v.loc } : map ? { loc: map.loc } : {}),
      });
      if (!v)
        report({
          category: 'gap',
          code: 'coverage/gap',
          message: `${source} ${d.kind} \`${d.name}\` (${d.versions.join(', ')}) is in no value map`,
          hint: map
            ? `add \`${d.name}: <${map.to} value>\` to valueMaps.${map.name}.values (\`eventmap suggest\` drafts it)`
            : `add a value map with \`covers: { kind: ${d.kind} }\``,
          versions: d.versions,
          discriminant: k,
          ...(map ? { loc: map.loc } : {}),
        });
    }
  }
  checkValueMaps(spec, model, source, cats, findings, mapReads);
  return { findings, coverage };
}

function checkEntry(
  spec: AnalysisSpec,
  model: CanonicalModel,
  helpers: HelperManifest,
  entry: MappingEntry,
  cats: Catalog[],
  findings: Finding[],
  mapReads: MapReads,
): void {
  const targets = messageTargets(entry, cats);
  for (const emit of entry.emit) checkEmit({ spec, model, helpers, entry, targets, findings, mapReads }, emit);
  findings.push(...slotFits(spec.entries, entry, targets, model).map(slotFitFinding));
  if (entry.response.length) {
    const responseTargets = targets.flatMap(({ catalog, entry: ce }) => responseTarget(catalog, ce));
    if (!responseTargets.length) {
      findings.push({
        category: 'error',
        code: 'spec/no-response',
        message: `\`response\` is only for server requests with a response schema; ${entry.kind} \`${entry.name}\` has none`,
        hint: 'remove `response:`',
        source: entry.source,
        loc: entry.loc,
      });
    } else {
      for (const emit of entry.response)
        checkEmit({ spec, model, helpers, entry, targets: responseTargets, findings, mapReads }, emit);
    }
  }
  const use = { manifest: helpers, spec, entry, findings };
  for (const h of entry.before) checkHookUse(use, h, 'before');
  for (const h of entry.after) checkHookUse(use, h, 'after');
}

/** The message schemas (`$`) of the entry's discriminant, in each snapshot having it. */
export function messageTargets(entry: Pick<MappingEntry, 'kind' | 'name'>, cats: readonly Catalog[]): PathTarget[] {
  return cats.flatMap((catalog) => {
    const ce = catalog.entries.find((e) => e.kind === entry.kind && e.name === entry.name);
    return ce ? [{ catalog, entry: ce, document: ce.document, pointer: ce.pointer }] : [];
  });
}

/** Where the answer to a request is described (catalog/response.ts): `$` of a `response:` emit. */
export function responseTarget(catalog: Catalog, ce: CatalogEntry): PathTarget[] {
  const r = responseSchema(catalog, ce);
  return r ? [{ catalog, entry: ce, document: r.document, pointer: r.pointer, scope: 'response' }] : [];
}

function checkValueMaps(
  spec: Pick<MappingSpec, 'valueMaps'>,
  model: CanonicalModel,
  source: string | undefined,
  cats: Catalog[],
  findings: Finding[],
  mapReads: MapReads = new Map(),
): void {
  const report = (f: Parameters<typeof sourceFinding>[1]) => findings.push(sourceFinding({ source }, f));
  for (const map of Object.values(spec.valueMaps).filter((m) => m.source === source)) {
    const canonical = model.enums[map.to];
    if (!canonical) {
      report({
        code: 'spec/unknown-enum',
        message: `value map \`${map.name}\`: unknown canonical enum \`${map.to}\``,
        hint: guessHint(map.to, Object.keys(model.enums), `use one of: ${Object.keys(model.enums).join(', ')}`),
        loc: map.loc,
      });
      continue;
    }
    const allowed = new Set(canonical.values);
    for (const [from, v] of [...Object.entries(map.values), ...Object.entries(map.undeclared)]) {
      if (v.value !== null && !allowed.has(v.value))
        report({
          code: 'spec/unknown-enum-value',
          message: `value map \`${map.name}\`: \`${v.value}\` (for \`${from}\`) is not a ${map.to} value`,
          hint: guessHint(v.value, canonical.values, `use one of: ${canonical.values.join(', ')}`),
          loc: v.loc,
        });
    }
    for (const [prefix, value] of Object.entries(map.prefixes)) {
      if (!allowed.has(value))
        report({
          code: 'spec/unknown-enum-value',
          message: `value map \`${map.name}\`: \`${value}\` (for prefix \`${prefix}\`) is not a ${map.to} value`,
          hint: `use one of: ${canonical.values.join(', ')}`,
          loc: map.loc,
        });
    }
    // Every map says what a value an upstream adds later becomes, so nothing is dropped at run time
    // (a lifecycle state left out would leave a turn or a request open forever).
    if (map.default === undefined)
      report({
        code: 'spec/missing-default',
        message: `value map \`${map.name}\` has no \`default\`: a ${map.to} value upstream adds later would be dropped at run time`,
        hint: `add \`default: <${map.to} value>\` (the runtime warns whenever it is used); one of: ${canonical.values.join(', ')}`,
        loc: map.loc,
      });
    if (map.default !== undefined && !allowed.has(map.default))
      report({
        code: 'spec/unknown-enum-value',
        message: `value map \`${map.name}\`: default \`${map.default}\` is not a ${map.to} value`,
        hint: `use one of: ${canonical.values.join(', ')}`,
        loc: map.loc,
      });
    const covers = map.covers;
    if (!covers) continue; // a map of values no snapshot enumerates: nothing to cover, nothing stale
    const upstream = new Map<string, string[]>();
    if ('enum' in covers) {
      const name = covers.enum;
      const present = cats.filter((c) => c.enums[name]);
      if (!present.length)
        report({
          category: 'stale',
          code: 'spec/unknown-upstream-enum',
          discriminant: `enum:${name}`,
          message: `value map \`${map.name}\`: no supported ${source} snapshot has the enum \`${name}\``,
          hint: `enums in the catalog: ${[...new Set(cats.flatMap((c) => Object.keys(c.enums)))].join(', ')}`,
          loc: map.loc,
        });
      for (const c of present)
        for (const v of c.enums[name]!.values) upstream.set(v, [...(upstream.get(v) ?? []), c.version]);
      for (const [v, versions] of upstream) {
        if (!(v in map.values))
          report({
            category: 'gap',
            code: 'coverage/enum-gap',
            message: `${source} enum ${name} value \`${v}\` (${versions.join(', ')}) is not in value map \`${map.name}\``,
            hint: `add \`${v}: <${map.to} value or null>\``,
            versions,
            discriminant: `enum:${name}.${v}`,
            loc: map.loc,
          });
      }
    } else {
      for (const c of cats)
        for (const e of c.entries)
          if (e.kind === covers.kind) upstream.set(e.name, [...(upstream.get(e.name) ?? []), c.version]);
    }
    if ('enum' in covers && !cats.some((c) => c.enums[covers.enum])) continue;
    for (const [from, v] of Object.entries(map.values)) {
      const discriminant = 'enum' in covers ? `enum:${covers.enum}.${from}` : `${covers.kind}:${from}`;
      if (!upstream.has(from) && !mapReads.get(map.name)?.has(from))
        report({
          category: 'stale',
          code: 'spec/stale-value',
          message: `value map \`${map.name}\`: \`${from}\` is in none of the supported snapshots`,
          hint: 'remove it, or fix its spelling',
          discriminant,
          loc: v.loc,
        });
    }
  }
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const k = `${f.code}|${f.message}|${f.loc?.line}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
