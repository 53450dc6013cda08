// Classing upstream changes for our mappers, against the current mapping-spec.yaml:
//   breaking       a removed kind/discriminant/field/response/enum value, or a field change that
//                  leaves a read the spec makes (exactly, or below the change) failing check's own
//                  test of it (read-problems.ts: the type no longer fits where the value lands); a
//                  discriminant, response, enum or enum value is removed only when no snapshot
//                  `check --with <to>` analyses (the supported ones and <to>) has it any more: one
//                  an older supported release still sends is informational, as check is clean
//                  (docs/decisions.md, "One classification")
//   needs-mapping  a new discriminant or enum value the spec does not account for yet (in a value
//                  map, or a read into a canonical enum field that cannot take it), an ignore
//                  or null value of a discriminant no supported snapshot has any more (check's
//                  spec/stale-entry, spec/stale-value), or a new
//                  field that fits a free slot of the event its message emits (what `check` fails
//                  as spec/new-field-fits-slot: the same slotFits decides both)
//   informational  everything else (new optional fields, changes nobody maps, ...)
import { compareStrings } from '../io/fsutil.ts';
import { describePresence, expectedIn } from '../mapping/presence.ts';
import type { MappingEntry, MappingSpec, ValueMap } from '../mapping/types.ts';
import { coversEnum, coversKind, valueMapHit } from '../mapping/coverage-status.ts';
import type { SlotFit } from '../mapping/slot-fit.ts';
import type { Finding } from '../mapping/findings.ts';
import { responseSchema } from '../catalog/response.ts';
import type { Catalog } from '../catalog/types.ts';
import type { ReadProblems } from './read-problems.ts';
import { entryReads, relation, type SpecRead } from './spec-reads.ts';
import { CHANGE_CLASSES, type Affect, type AffectHow, type Change, type ChangeClass, type RawChange } from './types.ts';

interface Index {
  entries: Map<string, MappingEntry>;
  maps: ValueMap[];
  /** `kind:name|path` → the new field's fit (slot-fit.ts). */
  fits: Map<string, SlotFit>;
  /** What the snapshots check analyses still have, and which of them has it. */
  kept: Kept;
  /** check's findings about an entry's reads in <to> (none without the canonical model). */
  problems?: ReadProblems;
}

/** The snapshots `check --with <to>` analyses: the source's supported ones and <to>. */
interface Kept {
  discriminant(kind: string, name: string): string | undefined;
  response(kind: string, name: string): string | undefined;
  enumValue(name: string, value?: string): string | undefined;
}

function keptIn(cats: readonly Catalog[]): Kept {
  const first = (has: (c: Catalog) => boolean) => cats.find(has)?.version;
  const entry = (c: Catalog, kind: string, name: string) => c.entries.find((e) => e.kind === kind && e.name === name);
  return {
    discriminant: (kind, name) => first((c) => entry(c, kind, name) !== undefined),
    response: (kind, name) =>
      first((c) => {
        const e = entry(c, kind, name);
        return e !== undefined && responseSchema(c, e) !== undefined;
      }),
    enumValue: (name, value) =>
      first((c) => c.enums[name] !== undefined && (value === undefined || c.enums[name].values.includes(value))),
  };
}

const stillIn = (versions: (string | undefined)[]) => {
  const have = [...new Set(versions.filter((v) => v !== undefined))];
  return have.length ? `still in supported ${have.join(', ')}` : undefined;
};

export function classifyChanges(
  raw: RawChange[],
  spec: MappingSpec | undefined,
  source: string,
  toVersion: string,
  fits: readonly SlotFit[] = [],
  /** The catalogs of `check --with <to>`: the source's supported snapshots and <to> (none: every removal is gone). */
  analysed: readonly Catalog[] = [],
  problems?: ReadProblems,
): Change[] {
  const ix: Index = {
    ...indexSpec(spec, source),
    fits: new Map(fits.map((f) => [fitKey(f.entry, f.path), f])),
    kept: keptIn(analysed),
    ...(problems ? { problems } : {}),
  };
  return raw.map((c) => classify(c, ix, toVersion));
}

/** A problem check finds at a read: the read fails (breaking), or a value it cannot take can come (needs-mapping). */
const problemClass = (f: Finding): ChangeClass =>
  f.code === 'spec/unknown-enum-value' || f.code === 'coverage/map-gap' ? 'needs-mapping' : 'breaking';

const fitKey = (e: { kind: string; name: string }, path: string) => `${e.kind}:${e.name}|${path}`;

function indexSpec(spec: MappingSpec | undefined, source: string): Omit<Index, 'fits' | 'kept'> {
  const mine = spec ? spec.entries.filter((e) => e.source === source) : [];
  return {
    entries: new Map(mine.map((e) => [`${e.kind}:${e.name}`, e])),
    maps: spec ? Object.values(spec.valueMaps).filter((m) => m.source === source) : [],
  };
}

const at = (loc: { line: number; col: number }, how: Affect['how'], path?: string): Affect => ({
  line: loc.line,
  col: loc.col,
  how,
  ...(path ? { path } : {}),
});

/** The spec's account of one discriminant: its entry, or its value in a value map covering the kind. */
function accountOf(ix: Index, kind: string, name: string): { mapped: boolean; affect: Affect } | undefined {
  const entry = ix.entries.get(`${kind}:${name}`);
  if (entry) return { mapped: entry.ignore === undefined, affect: at(entry.loc, 'entry') };
  for (const m of ix.maps) {
    const v = coversKind(m, kind) ? valueMapHit(m, name) : undefined;
    if (v) return { mapped: v.value !== null, affect: at(v.loc, 'value-map') };
  }
  return undefined;
}

function classify(c: RawChange, ix: Index, toVersion: string): Change {
  const done = (cls: ChangeClass, affects: Affect[], note?: string): Change => {
    const notes = ['note' in c ? c.note : undefined, note].filter(Boolean);
    return { ...c, class: cls, affects: sortAffects(affects), ...(notes.length ? { note: notes.join('; ') } : {}) };
  };
  switch (c.change) {
    case 'kind-removed':
    case 'discriminant-removed': {
      const names = 'names' in c ? c.names : [c.name];
      const accounts = names.flatMap((n) => {
        const a = accountOf(ix, c.kind, n);
        return a ? [{ ...a, keptIn: ix.kept.discriminant(c.kind, n) }] : [];
      });
      const gone = accounts.filter((a) => a.keptIn === undefined);
      const affects = accounts.map((a) => a.affect);
      const kept = stillIn(accounts.map((a) => a.keptIn));
      if (gone.some((a) => a.mapped)) return done('breaking', affects, kept);
      if (gone.length)
        return done('needs-mapping', affects, 'its ignore or null value is stale now: remove it (check: spec/stale-*)');
      return done('informational', affects, kept);
    }
    case 'kind-added':
    case 'discriminant-added': {
      const names = 'names' in c ? c.names : [c.name];
      const accounts = names.map((n) => accountOf(ix, c.kind, n));
      const missing = accounts.filter((a) => !a).length;
      const coveringMap = ix.maps.find((m) => coversKind(m, c.kind));
      const affects = accounts.flatMap((a) => (a ? [a.affect] : []));
      if (!missing) return done('informational', affects, 'already accounted for in the spec');
      return done('needs-mapping', coveringMap ? [...affects, at(coveringMap.loc, 'value-map')] : affects);
    }
    case 'response-added':
      return done('informational', []);
    case 'response-removed': {
      const entry = ix.entries.get(`${c.kind}:${c.name}`);
      const kept = ix.kept.response(c.kind, c.name);
      return done(
        entry?.response.length && kept === undefined ? 'breaking' : 'informational',
        entry?.response.map((r) => at(r.loc, 'entry')) ?? [],
        entry?.response.length ? stillIn([kept]) : undefined,
      );
    }
    case 'enum-added':
    case 'enum-removed':
    case 'enum-values-added':
    case 'enum-values-removed':
    case 'enum-opened':
    case 'enum-closed':
      return classifyEnum(c, ix, done);
    default:
      return classifyField(c, ix, toVersion, done);
  }
}

type Done = (cls: ChangeClass, affects: Affect[], note?: string) => Change;

function classifyEnum(c: Extract<RawChange, { enum: string }>, ix: Index, done: Done): Change {
  const maps = ix.maps.filter((m) => coversEnum(m, c.enum));
  if (!maps.length) return done('informational', []);
  const mapAffects = (list: ValueMap[]) => list.map((m) => at(m.loc, 'value-map'));
  // Open: values no one named can now come; a map without a default has nothing to give them.
  if (c.change === 'enum-opened' || c.change === 'enum-closed') {
    const blind = c.change === 'enum-opened' ? maps.filter((m) => m.default === undefined) : [];
    return blind.length
      ? done('needs-mapping', mapAffects(blind), 'the value map has no default for values it does not list')
      : done('informational', mapAffects(maps));
  }
  if (c.change === 'enum-removed') {
    const kept = ix.kept.enumValue(c.enum);
    return done(kept ? 'informational' : 'breaking', mapAffects(maps), stillIn([kept]));
  }
  if (c.change === 'enum-values-removed') {
    // A value is stale (check's spec/stale-value) once no analysed snapshot has it.
    const listed = maps.flatMap((m) =>
      c.values.flatMap((v) =>
        m.values[v] ? [{ affect: at(m.values[v]!.loc, 'value-map'), keptIn: ix.kept.enumValue(c.enum, v) }] : [],
      ),
    );
    const gone = listed.filter((x) => x.keptIn === undefined);
    return done(
      gone.length ? 'breaking' : 'informational',
      listed.length ? listed.map((x) => x.affect) : mapAffects(maps),
      stillIn(listed.map((x) => x.keptIn)),
    );
  }
  const lacking = maps.filter((m) => c.values.some((v) => !valueMapHit(m, v)));
  return lacking.length
    ? done('needs-mapping', mapAffects(lacking))
    : done('informational', mapAffects(maps), 'already in the value map');
}

function classifyField(c: Extract<RawChange, { path: string }>, ix: Index, toVersion: string, done: Done): Change {
  const entry = ix.entries.get(`${c.kind}:${c.name}`);
  const related = (entry ? entryReads(entry) : []).flatMap((r) => {
    if (r.scope !== c.scope) return [];
    const how = relation(r.path, c.path);
    return how ? [{ read: r, how }] : [];
  });
  const affects = related.map(({ read, how }) => at(read.loc, how, read.path));
  // What the mapper reads itself changes (a value it passes through whole is opaque to it).
  const direct = related.filter((x) => x.how !== 'passes-through');
  const byRule = classifyFieldByRule(c, ix, toVersion, direct, related, affects, done);
  if (c.change === 'field-added' || !entry || !ix.problems) return byRule;
  // check's own test of each read the change reaches, on <to>: a problem there is the change's.
  const reads = new Set(direct.map((x) => `${x.read.loc.line}:${x.read.loc.col}`));
  const problems = ix.problems(entry, c.scope).filter((f) => f.loc && reads.has(`${f.loc.line}:${f.loc.col}`));
  const judged = problems.map(problemClass).sort((a, b) => CHANGE_CLASSES.indexOf(a) - CHANGE_CLASSES.indexOf(b))[0];
  if (c.change === 'field-type-changed' && !judged)
    return done('informational', affects, direct.length ? 'every read of it still takes the new type' : undefined);
  if (!judged || CHANGE_CLASSES.indexOf(judged) >= CHANGE_CLASSES.indexOf(byRule.class)) return byRule;
  return done(judged, affects, problems[0]!.message);
}

function classifyFieldByRule(
  c: Extract<RawChange, { path: string }>,
  ix: Index,
  toVersion: string,
  direct: { read: SpecRead; how: AffectHow }[],
  related: { read: SpecRead; how: AffectHow }[],
  affects: Affect[],
  done: Done,
): Change {
  switch (c.change) {
    case 'field-added': {
      const fit = c.scope === 'message' ? ix.fits.get(fitKey(c, c.path)) : undefined;
      if (!fit) return done('informational', affects);
      const emit = fit.entry.emit[fit.emit]!;
      return done(
        'needs-mapping',
        [...affects, at(emit.loc, 'entry')],
        `fits \`${emit.type}.${fit.slot}\` (${fit.why}), which the entry leaves unmapped: map it, or \`ignoreFields\` it`,
      );
    }
    case 'field-removed': {
      const unhandled = direct.filter((x) => expectedIn(x.read.presence, toVersion));
      if (unhandled.length) return done('breaking', affects);
      return done(
        'informational',
        affects,
        direct.length
          ? `the spec already marks it absent in ${toVersion} (${describePresence(direct[0]!.read.presence)})`
          : undefined,
      );
    }
    case 'field-type-changed':
      // Without the canonical model, where a value lands is unknown: any read of it may break.
      return done(direct.length ? 'breaking' : 'informational', affects);
    case 'field-made-optional':
      // As check: a read of an optional field is a read the spec makes everywhere (the mapper
      // gives what is absent as absent), never a finding.
      return done('informational', affects, direct.length ? 'a read may now find it absent' : undefined);
    case 'field-values-removed':
      // A value that no longer comes leaves the read working; a value map's value for it goes
      // stale with its enum (enum-values-removed), which check reports.
      return done(
        'informational',
        affects,
        related.some((x) => x.how === 'reads') ? 'a read value can no longer come; the read still works' : undefined,
      );
    case 'field-values-added': {
      const lacking = related.filter(
        (x) =>
          x.how === 'reads' &&
          x.read.map &&
          ix.maps.some((m) => m.name === x.read.map && c.values!.some((v) => !valueMapHit(m, v))),
      );
      return done(lacking.length ? 'needs-mapping' : 'informational', affects);
    }
    case 'field-values-opened': {
      const blind = related.filter(
        (x) => x.how === 'reads' && x.read.map && ix.maps.some((m) => m.name === x.read.map && m.default === undefined),
      );
      return done(
        blind.length ? 'needs-mapping' : 'informational',
        affects,
        blind.length ? 'the value map it goes through has no default for values it does not list' : undefined,
      );
    }
    default:
      return done('informational', affects);
  }
}

/** Sorted by line, column, relation and path; duplicates dropped. */
export function sortAffects(list: Affect[]): Affect[] {
  const unique = new Map(list.map((a) => [`${a.line}:${a.col}:${a.how}:${a.path ?? ''}`, a]));
  return [...unique.values()].sort(
    (a, b) =>
      a.line - b.line || a.col - b.col || compareStrings(a.how, b.how) || compareStrings(a.path ?? '', b.path ?? ''),
  );
}
