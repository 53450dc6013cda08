// Maps bounded by bytes, not by entry count: their keys are upstream-controlled strings, so a
// count bound would let 50,000 ids of 4 KB each pin 400 MB. When an insert goes over the bound,
// the oldest entries go first (insertion order); `onEvict` lets the owner say so.

/** Rough heap bytes of a string key or value: two bytes a UTF-16 unit, plus the object header. */
export function stringBytes(s: string): number {
  return 2 * s.length + 32;
}

/** The map of every BoundedMap until its first insert: never written, so reads need no test. */
const NONE = new Map<string, never>();

/** Values are never `undefined` (`get` answers undefined for a missing key). */
export class BoundedMap<V extends NonNullable<unknown>> {
  // Made on the first insert: a session sets up eight of these and often uses three or four, and
  // short sessions (the Codex SDK's) feel every allocation made per session.
  private map: Map<string, V> = NONE;
  private bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly sizeOf: (key: string, value: V) => number,
    private readonly onEvict?: (key: string, value: V) => void,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The bytes held, as sizeOf counts them (never more than the limit, but for one oversized entry). */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  set(key: string, value: V): void {
    if (this.map === NONE) this.map = new Map();
    const old = this.map.get(key);
    if (old !== undefined) {
      // Re-inserted: it becomes the newest.
      this.bytes -= this.sizeOf(key, old);
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += this.sizeOf(key, value);
    while (this.bytes > this.limit && this.map.size > 1) {
      const [oldKey, oldValue] = this.map.entries().next().value as [string, V];
      this.delete(oldKey);
      this.onEvict?.(oldKey, oldValue);
    }
  }

  delete(key: string): boolean {
    const old = this.map.get(key);
    if (old === undefined) return false;
    this.bytes -= this.sizeOf(key, old);
    return this.map.delete(key);
  }

  clear(): void {
    if (this.map.size > 0) this.map.clear();
    this.bytes = 0;
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  entries(): IterableIterator<[string, V]> {
    return this.map.entries();
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }
}

/** A set of strings bounded by bytes (the oldest members are forgotten first). */
export class BoundedSet {
  private readonly map: BoundedMap<true>;

  constructor(limit: number) {
    this.map = new BoundedMap<true>(limit, stringBytes);
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  get heldBytes(): number {
    return this.map.heldBytes;
  }

  add(key: string): void {
    this.map.set(key, true);
  }

  delete(key: string): void {
    this.map.delete(key);
  }
}
