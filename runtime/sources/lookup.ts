// Dispatch-table lookups by upstream-controlled names. Only the table's own entries count: a
// message whose method is `constructor`, `toString` or `__proto__` is unknown (runtime.warning),
// not Object.prototype's. Each table is copied into a Map on first use, which is also faster than
// a keyed load of a large object with a freshly parsed string.
const maps = new WeakMap<object, Map<string, unknown>>();
// The last table looked up and its Map: a stream mostly dispatches on one table (a WeakMap get per message cost more).
let lastTable: object | undefined;
let lastMap: Map<string, unknown> | undefined;

export function entry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  if (table === undefined) return undefined;
  let map = table === lastTable ? lastMap : maps.get(table);
  if (map === undefined) maps.set(table, (map = new Map(Object.entries(table))));
  lastTable = table;
  lastMap = map;
  return map.get(key) as T | undefined;
}
