// What to tell someone whose mapped path a supported snapshot lacks: a typo (no snapshot has it:
// the nearest path that exists), or a field that comes and goes (write `since`/`until`, and read
// both names with `first:` when it was renamed).
import { didYouMean } from '../shared/did-you-mean.ts';
import { specFields } from './field-paths.ts';
import type { Catalog, CatalogEntry } from '../catalog/types.ts';
import { presenceFor, type Presence } from './presence.ts';

/** One upstream schema a path in this emit is read against. */
export interface PathTarget {
  catalog: Catalog;
  entry: CatalogEntry;
  /** Document and pointer of the message root (`$`) for this emit. */
  document: string;
  pointer: string;
  /** `response`: `$` is the client's answer to the request, not the request. */
  scope?: 'response';
}

export interface PathLookup {
  target: PathTarget;
  found: boolean;
}

/** The hint for a path missing from the versions in `lookups` that lack it. */
export function missingPathHint(path: string, lookups: PathLookup[]): string {
  const having = lookups.filter((l) => l.found).map((l) => l.target.catalog.version);
  const lacking = lookups.filter((l) => !l.found);
  if (!having.length) {
    // In no supported snapshot at all: not a field that comes and goes, a wrong path.
    const near = didYouMean(path, fieldPaths(lacking));
    return near
      ? `no supported snapshot has it: a typo? did you mean \`${near}\`?`
      : 'no supported snapshot has it: fix the path (a typo?)';
  }
  const lackingVersions = lacking.map((l) => l.target.catalog.version);
  const old = presenceText(path, presenceFor(having, lackingVersions));
  const renamed = renamedTo(path, lookups);
  if (renamed) {
    const now = presenceText(renamed, presenceFor(lackingVersions, having));
    return `renamed to \`${renamed}\`? read both: \`{ first: [${old}, ${now}] }\`; if it was removed, write \`${old}\``;
  }
  return `fix the path, or if ${lackingVersions.join(', ')} really ${lackingVersions.length > 1 ? 'lack' : 'lacks'} it, write \`${old}\` (and \`{ first: [...] }\` to read its new name, if it was renamed)`;
}

/** A read as spec data: the plain path, or `{ path, map?, since?, until?, absentIn? }`. */
export function readValue(path: string, p: Presence, map?: string): unknown {
  const value = {
    path,
    ...(map !== undefined ? { map } : {}),
    ...(p.since !== undefined ? { since: p.since } : {}),
    ...(p.until !== undefined ? { until: p.until } : {}),
    ...(p.absentIn.length ? { absentIn: p.absentIn } : {}),
  };
  return Object.keys(value).length === 1 ? path : value;
}

/** `{ path: $.a, until: 0.171.0 }` */
export function presenceText(path: string, p: Presence): string {
  const parts = [
    `path: ${path}`,
    ...(p.since !== undefined ? [`since: ${p.since}`] : []),
    ...(p.until !== undefined ? [`until: ${p.until}`] : []),
    ...(p.absentIn.length ? [`absentIn: [${p.absentIn.join(', ')}]`] : []),
  ];
  return `{ ${parts.join(', ')} }`;
}

/** Every field path the messages of these lookups have. */
function fieldPaths(lookups: PathLookup[]): Set<string> {
  return new Set(lookups.flatMap(({ target: t }) => [...specFields(t.catalog, t.document, t.pointer).keys()]));
}

/** A path close to `path` that the lacking versions have and the having versions do not. */
function renamedTo(path: string, lookups: PathLookup[]): string | undefined {
  const before = fieldPaths(lookups.filter((l) => l.found));
  return didYouMean(
    path,
    [...fieldPaths(lookups.filter((l) => !l.found))].filter((p) => !before.has(p)),
  );
}
