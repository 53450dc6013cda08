// The one object test of JSON documents: a plain object, not null and not an array.
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `v` when it is an array, else no elements (a keyword holding something else says nothing). */
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
