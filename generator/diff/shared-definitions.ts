// A change to a definition many messages share (`Turn`, or the union root that declares 0.171.0's
// `emittedAtMs` for every notification) is one change, with the places it reaches: not one row
// per message. Changes are the same when they are the same kind of change to the same path of
// the same definition, with the same before/after; the group takes the most severe class and every
// spec line any place affects.
import { sortAffects } from './classify.ts';
import { CHANGE_CLASSES, type Change, type Place } from './types.ts';

type FieldChange = Extract<Change, { path: string }>;

function key(c: Change): string | undefined {
  if (!('path' in c) || !c.origin) return undefined;
  return JSON.stringify([
    c.change,
    c.origin.definition,
    c.origin.path,
    c.before ?? null,
    c.after ?? null,
    c.values ?? null,
    c.subfields ?? 0,
  ]);
}

/** `changes` in their final order; grouped changes take the place of their first member. */
export function groupShared(changes: Change[]): Change[] {
  // A change that groups with no other is keyed by itself; a Map keeps the order of first insertion.
  const groups = new Map<string | Change, Change[]>();
  for (const c of changes) {
    const k = key(c) ?? c;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  return [...groups.values()].map((g) => (g.length === 1 ? withoutOrigin(g[0]!) : merged(g as FieldChange[])));
}

function merged(group: FieldChange[]): Change {
  const rank = Math.min(...group.map((g) => CHANGE_CLASSES.indexOf(g.class)));
  const notes = [...new Set(group.flatMap((g) => (g.note ? [g.note] : [])))];
  const places: Place[] = group.map((g) => ({ kind: g.kind, name: g.name, scope: g.scope, path: g.path }));
  const { note: _n, ...first } = group[0]!;
  return {
    ...first,
    class: CHANGE_CLASSES[rank]!,
    affects: sortAffects(group.flatMap((g) => g.affects)),
    places,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

function withoutOrigin(c: Change): Change {
  if (!('origin' in c)) return c;
  const { origin: _o, ...rest } = c;
  return rest;
}
