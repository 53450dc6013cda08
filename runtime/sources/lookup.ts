// Dispatch-table lookups by upstream-controlled names. Only the table's own entries count: a
// message whose method is `constructor`, `toString` or `__proto__` is unknown (runtime.warning),
// not Object.prototype's. Each table is copied into a Map on first use, which is also faster than
// a keyed load of a large object with a freshly parsed string.
const maps = new WeakMap<object, Map<string, unknown>>();

export function entry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  if (table === undefined) return undefined;
  let map = maps.get(table);
  if (map === undefined) maps.set(table, (map = new Map(Object.entries(table))));
  return map.get(key) as T | undefined;
}
