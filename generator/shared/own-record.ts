// Records keyed by names from the spec, the model or a snapshot have no prototype: a lookup of
// `constructor`, `toString` or `__proto__` must find nothing, not Object.prototype's members.
export function ownRecord<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [k, v] of entries) out[k] = v;
  return out;
}
