// What check's fast path needs from mapping-spec.yaml, kept by the spec's text in the emit cache
// folder (../used-record.ts): the snapshots each source supports, and where the references of
// generated/coverage.json point. A check on unchanged inputs then parses no YAML at all: its
// inputs hash proves the text is the one the last generate read, and these are what a parse of
// that very text gave. Read only by the eventmap that wrote it, and never where nothing may be
// trusted (CI, check --full), like the other records.
import { sha256 } from '../fsutil.ts';
import { isSourceName } from '../sources.ts';
import { isStrictVersion } from '../versions.ts';
import { parsedLoc } from '../spec/positions.ts';
import { specNodeRef, type Loc, type MappingSpec, type SpecNode } from '../spec/types.ts';
import { usedRecord } from '../used-record.ts';

export interface SpecFacts {
  /** Source → the versions it supports, as the spec lists them. */
  snapshots: Record<string, string[]>;
  /** The sha256 of the coverage.json whose references `locs` holds. */
  coverage: string;
  /** Each reference of that coverage.json (`key /mappings/…`) → where it is in this text. */
  locs: Record<string, Loc>;
}

export interface SpecFactsRecord {
  /** The facts an earlier run stored for this spec text. */
  get(text: string): SpecFacts | undefined;
  put(text: string, facts: SpecFacts): void;
  save(): void;
}

/** `code`: what identifies the eventmap that parsed (its code and the yaml library's version). */
export function specFactsRecord(dir: string, code: string): SpecFactsRecord {
  const record = usedRecord(dir, 'check-spec.json', `eventmap-check-spec-1:${code}`, isFacts);
  return {
    get(text) {
      const key = sha256(text);
      const facts = record.earlier(key);
      if (facts) record.use(key, facts);
      return facts;
    },
    put: (text, facts) => record.use(sha256(text), facts),
    save: () => record.save(),
  };
}

/** The versions each source of a parsed spec supports. */
export function supportedSnapshots(spec: MappingSpec): Record<string, string[]> {
  return Object.fromEntries(Object.entries(spec.sources).map(([s, v]) => [s, v.snapshots.map((x) => x.version)]));
}

/** A locator that also writes down what it answered, for the record. */
export function noting(locate: (node: SpecNode) => Loc, locs: Record<string, Loc>): (node: SpecNode) => Loc {
  return (node) => (locs[specNodeRef(node)] = locate(node));
}

/** The locator of recorded facts; a reference they lack throws (the caller then parses). */
export function recorded(locs: Record<string, Loc>): (node: SpecNode) => Loc {
  return (node) => {
    const ref = specNodeRef(node);
    const loc = Object.hasOwn(locs, ref) ? locs[ref] : undefined;
    if (!loc) throw new Error(`no recorded location for ${ref}`);
    return parsedLoc({ ...loc });
  };
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isLoc = (v: unknown): v is Loc =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Loc).file === 'string' &&
  Number.isSafeInteger((v as Loc).line) &&
  Number.isSafeInteger((v as Loc).col);
const isRecordOf = <T>(v: unknown, item: (x: unknown) => x is T): v is Record<string, T> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(item);

function isFacts(v: unknown): v is SpecFacts {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as SpecFacts;
  // Names checked as at the door (they become paths under upstream-schemas/), though the record is trusted.
  const snapshots = isRecordOf(f.snapshots, isStringList) ? Object.entries(f.snapshots) : undefined;
  return (
    typeof f.coverage === 'string' &&
    snapshots !== undefined &&
    snapshots.every(([source, versions]) => isSourceName(source) && versions.every(isStrictVersion)) &&
    isRecordOf(f.locs, isLoc)
  );
}
