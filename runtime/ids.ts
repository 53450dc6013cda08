// Canonical ids: deterministic UUID v5s of the provider ids (EVENTS.md §1.6), so the same input
// always gives the same output. Derivations are memoised: a session repeats the same few ids.
import { v5 as uuidv5 } from 'uuid';

/** eventmap's UUID namespace (itself a v5 of the URL namespace and "eventmap"). */
export const EVENTMAP_NAMESPACE = '5b6664f5-f718-524a-9b3c-9d1bdf94e168';

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

export function canonicalId(kind: string, providerId: string): string {
  const key = `${kind}:${providerId}`;
  let id = cache.get(key);
  if (id === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    id = uuidv5(key, EVENTMAP_NAMESPACE);
    cache.set(key, id);
  }
  return id;
}
