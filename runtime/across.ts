// Types only: what a generated mapper may read from a message that any supported snapshot could
// have sent. `Across<A | B>` merges a union deeply: an object has every key any member has, and a
// key some member lacks reads as `undefined` there. So `m.params?.item?.status` type-checks when
// one version (or one ThreadItem variant) has `status`, and a name no member has is still an error.
// Mappers read with `?.` on every step: the message is unvalidated, so any step may be missing.

/** An upstream value the schema leaves open: any key may be read, and what it reads is open too. */
export interface Opaque {
  readonly [key: string]: Opaque | undefined;
}

type Primitive = string | number | boolean | bigint | symbol | null | undefined;
type Objects<T> = Exclude<Extract<T, object>, readonly unknown[]>;
type Elements<T> = Extract<T, readonly unknown[]>[number];
type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : undefined) : never;

type MergeObjects<T> = { readonly [K in KeysOf<T>]?: Across<ValueAt<T, K>> };

/** The deep merge of a union of upstream message types (see the file comment). */
export type Across<T> = unknown extends T
  ? Opaque
  : | Extract<T, Primitive>
    | ([Elements<T>] extends [never] ? never : readonly Across<Elements<T>>[])
    | ([Objects<T>] extends [never] ? never : MergeObjects<Objects<T>>);
