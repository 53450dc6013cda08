// Immutable list and record updates that keep identity when nothing changes: the view's contract
// with UIs that compare by reference.

/** The list with `value` at `index`; the same list when it is already there. */
export function replaceAt<T>(list: readonly T[], index: number, value: T): readonly T[] {
  if (list[index] === value) return list;
  const copy = list.slice();
  copy[index] = value;
  return copy;
}

/**
 * Update the last element matching `match`, or append what `update(undefined)` makes. The same
 * list when `update` returns the element it was given.
 */
export function upsertLast<T>(
  list: readonly T[],
  match: (element: T) => boolean,
  update: (element: T | undefined) => T,
): readonly T[] {
  const index = list.findLastIndex(match);
  if (index < 0) return [...list, update(undefined)];
  return replaceAt(list, index, update(list[index]));
}

/** A copy of `value` without its undefined fields, so views compare and serialise cleanly. */
export function compact<T extends object>(value: T): T {
  const out: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}
