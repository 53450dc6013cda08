// `eventmap suggest`: a draft for every gap the analysis finds, checked by running the analysis
// again on the spec with the drafts in: a draft the checks reject becomes an `ignore:` placeholder
// naming what went wrong, so that after `--write` the spec still generates and `check` names
// exactly what needs a person.
import type { HelperManifest } from '../../runtime/helpers/manifest.ts';
import type { Catalog, EntryKind } from '../catalog/types.ts';
import type { Inputs } from '../pipeline/pipeline.ts';
import { analyzeSpec } from '../mapping/analyze.ts';
import { MAP_GAP } from '../mapping/check-emit.ts';
import { MESSAGE_KINDS } from '../mapping/coverage-status.ts';
import { editYaml, type SpecEdit } from '../mapping/edit.ts';
import type { Finding } from '../mapping/findings.ts';
import type { ValueMap } from '../mapping/types.ts';
import { parseSpec } from '../mapping/load.ts';
import { PLACEHOLDER, REVIEW_MARKER } from '../mapping/review.ts';
import { draftEntry, type EntryDraft } from './draft-entry.ts';
import { coveringMaps, draftValue, type ValueDraft } from './draft-value.ts';
import { draftSlots, type SlotDraft } from './draft-slot.ts';
import { draftUndeclared } from './draft-undeclared.ts';
import { valueLayout } from './value-layout.ts';

/** The fix a finding's hint prints (a stale `since`/`until`), applied as check prints it. */
export interface FixDraft {
  type: 'fix';
  source: string;
  discriminant: string;
  versions: string[];
  at: (string | number)[];
  value: unknown;
  after?: undefined;
}

export type Draft = EntryDraft | ValueDraft | SlotDraft | FixDraft;

export interface SuggestResult {
  drafts: Draft[];
  /** Gaps no draft can fill (a value kind no map covers). */
  manual: Finding[];
  /** mapping-spec.yaml with every draft in, marked for review. */
  text: string;
}

/** What the checks reject in a draft (a gap or a placeholder is not a rejection). */
const REJECTED = new Set(['error', 'path', 'stale']);

export function suggest(inputs: Inputs, helpers: HelperManifest): SuggestResult {
  const { spec, model, catalogs } = inputs;
  const drafts: Draft[] = [];
  const manual: Finding[] = [];
  for (const f of inputs.analysis.findings) {
    const { source, discriminant, versions } = f;
    if (!source || !discriminant || !versions) continue;
    const draftIn = (map: ValueMap, name: string) =>
      drafts.push(draftValue(model, map, { source, discriminant, name, versions }, valueLayout(spec.text, map)));
    if (f.code === 'coverage/gap') {
      const colon = discriminant.indexOf(':');
      const [kind, name] = [discriminant.slice(0, colon) as EntryKind, discriminant.slice(colon + 1)];
      if (MESSAGE_KINDS.has(kind))
        drafts.push(
          draftUndeclared(spec, catalogs[source] ?? [], source, kind, name, versions) ??
            draftEntry(spec, model, source, kind, name, having(catalogs[source] ?? [], kind, name)),
        );
      else {
        const maps = coveringMaps(spec, source, { kind }).filter((m) => !(name in m.values));
        if (!maps.length) manual.push(f);
        for (const map of maps) draftIn(map, name);
      }
    } else if (f.code === 'coverage/map-gap' && discriminant.startsWith(MAP_GAP)) {
      const dot = discriminant.indexOf('.');
      const map = spec.valueMaps[discriminant.slice(MAP_GAP.length, dot)];
      const value = discriminant.slice(dot + 1);
      if (map && !(value in map.values)) draftIn(map, value);
    } else if (f.code === 'coverage/enum-gap') {
      const dot = discriminant.indexOf('.');
      const [enumName, value] = [discriminant.slice('enum:'.length, dot), discriminant.slice(dot + 1)];
      for (const map of coveringMaps(spec, source, { enum: enumName }).filter((m) => !(value in m.values)))
        draftIn(map, value);
    }
  }
  drafts.push(...draftSlots(spec, catalogs, model));
  for (const f of inputs.analysis.findings)
    if (f.fix && f.source && f.discriminant)
      drafts.push({
        type: 'fix',
        source: f.source,
        discriminant: f.discriminant,
        versions: f.versions ?? [],
        ...f.fix,
      });
  // A draft the checks reject is turned into a placeholder; two rounds settle it (placeholders pass).
  let text = editYaml(spec.text, drafts.map(toEdit));
  for (let round = 0; round < 2; round++) {
    const rejected = rejections(text, inputs, helpers);
    let changed = false;
    for (const [i, d] of drafts.entries()) {
      if (d.type !== 'entry' || d.placeholder) continue;
      const why = rejected.get(`${d.source}|${d.kind}:${d.name}`);
      if (why) {
        drafts[i] = {
          ...d,
          value: {
            ignore: `${PLACEHOLDER} the draft like ${d.like} failed the checks (${why}); map it by hand, or say why it is ignored`,
          },
          placeholder: true,
        };
        changed = true;
      }
    }
    if (!changed) break;
    text = editYaml(spec.text, drafts.map(toEdit));
  }
  return { drafts, manual, text };
}

/** The catalog entries of one discriminant, in each supported snapshot that has it. */
function having(catalogs: Catalog[], kind: EntryKind, name: string) {
  return catalogs.flatMap((catalog) =>
    catalog.entries.filter((e) => e.kind === kind && e.name === name).map((entry) => ({ catalog, entry })),
  );
}

/** Discriminant → first message of what the checks reject in it. */
function rejections(text: string, inputs: Inputs, helpers: HelperManifest): Map<string, string> {
  const analysis = analyzeSpec(parseSpec(text, inputs.spec.file), inputs.catalogs, inputs.model, helpers);
  const out = new Map<string, string>();
  for (const f of analysis.findings) {
    const key = `${f.source}|${f.discriminant}`;
    if (REJECTED.has(f.category) && !out.has(key)) out.set(key, f.message);
  }
  return out;
}

/** What a fix draft is: the read `check` prints for a stale range. */
export const FIX_BASIS = 'a stale range rewritten as check prints';

export function toEdit(d: Draft): SpecEdit {
  if (d.type === 'fix')
    return { kind: 'replace', at: d.at, value: d.value, comment: `${REVIEW_MARKER} (${FIX_BASIS})` };
  if (d.type === 'slot')
    return {
      kind: 'pair',
      map: ['mappings', d.source, d.kind, d.name, 'emit', d.emit, 'payload'],
      key: d.slot,
      value: d.value,
      comment: `${REVIEW_MARKER} (new field ${d.path}: ${d.why})`,
      flowKeys: [d.slot],
    };
  if (d.type === 'value') {
    return {
      kind: 'pair',
      map: ['valueMaps', d.map, 'values'],
      key: d.name,
      value: d.value,
      ...(d.after !== undefined ? { after: d.after } : {}),
      ...(d.first ? { first: true as const } : {}),
      ...(d.align !== undefined ? { align: d.align } : {}),
      trailing: `${REVIEW_MARKER} (${d.basis})`,
    };
  }
  return {
    kind: 'pair',
    map: ['mappings', d.source, d.kind],
    key: d.name,
    value: d.value,
    ...(d.after !== undefined ? { after: d.after } : {}),
    comment: `${REVIEW_MARKER}${d.placeholder ? '' : ` (like ${d.like})`}`,
    flowKeys: ['ids', 'payload', 'when'],
  };
}
