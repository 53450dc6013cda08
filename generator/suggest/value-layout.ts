// How a value map's hand-written lines are laid out, so a drafted line follows it: keys in code
// point order (the tool maps) → the new key goes at its sorted place; every value at one column
// past a padded key (`Bash:      command_execution`) → the new value at that column too.
import { compareStrings } from '../io/fsutil.ts';
import type { ValueMap } from '../mapping/types.ts';

export interface ValueLayout {
  /** The existing keys are in code point order (compareStrings), and there are at least 3 of them. */
  sorted: boolean;
  /** Column of the values relative to the keys, when the lines are padded to one column. */
  align?: number;
}

export function valueLayout(text: string, map: ValueMap): ValueLayout {
  const keys = Object.keys(map.values);
  const lines = text.split('\n');
  const sorted = keys.length >= 3 && keys.every((k, i) => i === 0 || compareStrings(keys[i - 1]!, k) < 0);
  const columns = Object.values(map.values).map(({ loc }) => {
    const rest = (lines[loc.line - 1] ?? '').slice(loc.col - 1);
    const colon = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^:]+):( +)/.exec(rest);
    return colon ? { at: colon[0].length, padded: colon[2]!.length > 1 } : undefined;
  });
  const first = columns[0]?.at;
  const aligned =
    keys.length >= 2 && columns.some((c) => c?.padded) && columns.every((c) => c !== undefined && c.at === first);
  return { sorted, ...(aligned ? { align: first! } : {}) };
}

/** Where a new key goes in a sorted map: after its predecessor, or `first`. */
export function sortedPlace(keys: readonly string[], name: string): { after: string } | { first: true } {
  const before = keys.filter((k) => compareStrings(k, name) < 0);
  return before.length ? { after: before[before.length - 1]! } : { first: true };
}
