// Immutable list and record updates that keep identity when nothing changes: the view's contract
// with UIs that compare by reference. Every list the view holds is capped (limits.ts), so each of
// these costs at most a cap's worth of elements, whatever the session's length.

/**
 * Elements the list operations below scanned or copied since the process started: the reducer's
 * work, counted rather than timed (test/reducer/cost.test.ts and `npm run bench` read it).
 */
export const listWork = { elements: 0 };

/** The index of the last element matching `match`, or -1 (searching from the end: recent first). */
export function lastIndex<T>(list: readonly T[], match: (element: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) {
    if (match(list[i]!)) {
      listWork.elements += list.length - i;
      return i;
    }
  }
  listWork.elements += list.length;
  return -1;
}

/** The list with `value` at `index`; the same list when it is already there. */
export function replaceAt<T>(list: readonly T[], index: number, value: T): readonly T[] {
  if (list[index] === value) return list;
  listWork.elements += list.length;
  const copy = list.slice();
  copy[index] = value;
  return copy;
}

/**
 * The list with `value` appended, keeping at most `cap` elements: the oldest go first. `dropped`
 * is what went (normally one element, none below the cap). `keepFirst` keeps element 0 (a
 * session's first thread) and drops from the second on.
 */
export function appendCapped<T>(
  list: readonly T[],
  value: T,
  cap: number,
  keepFirst = false,
): { list: readonly T[]; dropped: readonly T[] } {
  listWork.elements += Math.min(list.length, cap);
  if (list.length < cap) return { list: [...list, value], dropped: [] };
  const from = list.length - cap + 1;
  if (keepFirst && cap > 1)
    return { list: [list[0]!, ...list.slice(from + 1), value], dropped: list.slice(1, from + 1) };
  return { list: [...list.slice(from), value], dropped: list.slice(0, from) };
}

/**
 * Update the last element matching `match`, or append what `update(undefined)` makes (capped at
 * `cap`: `dropped` counts what the cap dropped). The same list when `update` returns the element
 * it was given.
 */
export function upsertLast<T>(
  list: readonly T[],
  match: (element: T) => boolean,
  update: (element: T | undefined) => T,
  cap: number,
): { list: readonly T[]; dropped: number } {
  const index = lastIndex(list, match);
  if (index < 0) {
    const added = appendCapped(list, update(undefined), cap);
    return { list: added.list, dropped: added.dropped.length };
  }
  return { list: replaceAt(list, index, update(list[index]!)), dropped: 0 };
}

/** `count` plus `more`, as an optional field: undefined while nothing was ever dropped. */
export function plus(count: number | undefined, more: number): number | undefined {
  return more === 0 ? count : (count ?? 0) + more;
}

/** A copy of `value` without its undefined fields, so views compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  const out: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}
