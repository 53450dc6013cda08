// Dispatch-table lookups by upstream-controlled names. Only the table's own entries count: a
// message whose method is `constructor`, `toString` or `__proto__` is unknown (runtime.warning),
// not Object.prototype's. Each table is copied into a Map on first use, which is also faster than
// a keyed load of a large object with a freshly parsed string.
const maps = new WeakMap<object, Map<string, unknown>>();
// The last two tables looked up and their Maps: a stream mostly dispatches on a table or two (the
// mappers, the ignores of the same kind); a WeakMap get per message cost more.
let table0: object | undefined;
let map0: Map<string, unknown> | undefined;
let table1: object | undefined;
let map1: Map<string, unknown> | undefined;

export function entry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  if (table === undefined) return undefined;
  if (table === table0) return map0!.get(key) as T | undefined;
  let map = table === table1 ? map1 : maps.get(table);
  if (map === undefined) maps.set(table, (map = new Map(Object.entries(table))));
  table1 = table0;
  map1 = map0;
  table0 = table;
  map0 = map;
  return map.get(key) as T | undefined;
}
