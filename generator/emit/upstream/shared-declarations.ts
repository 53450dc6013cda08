// Declarations shared across the snapshots of one source: a definition whose TypeScript would be
// the same in an older snapshot's namespace is declared there only, and referred to by that
// namespace's name, so a patch release adds to upstream-types.ts only what it changes.
//
// Two definitions print the same when they have the same name and schema and so does everything
// they reach (refs are by name inside a bundle), so a definition's key is its name plus the names
// and schemas of everything it reaches. What a shared definition reaches is shared too.
import { compareStrings, sha256 } from '../../io/fsutil.ts';
import type { Obj } from '../../schema/object.ts';
import { mapSchema } from '../../schema/traverse.ts';
import type { TypeBundle } from './type-bundle.ts';

const PREFIX = '#/definitions/';

/** A bundle ref split into the definition it names and the pointer below it (`''` for the whole). */
function bundleRef(ref: unknown): { name: string; rest: string } | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(PREFIX)) return undefined;
  const tail = ref.slice(PREFIX.length);
  const slash = tail.indexOf('/');
  return slash < 0 ? { name: tail, rest: '' } : { name: tail.slice(0, slash), rest: tail.slice(slash) };
}

/** The definitions a bundle definition names: by `$ref`, and by the `tsType` of an alias. */
function referencedNames(schema: unknown, definitions: Obj): Array<{ name: string; rest: string }> {
  const out: Array<{ name: string; rest: string }> = [];
  mapSchema(schema, (node) => {
    const ref = bundleRef(node.$ref);
    if (ref) out.push(ref);
    if (typeof node.tsType === 'string' && Object.hasOwn(definitions, node.tsType))
      out.push({ name: node.tsType, rest: '' });
    return node;
  });
  return out;
}

/** Per source, oldest snapshot first: where each declaration lives. */
export class SharedDeclarations {
  /** A definition's key → the namespace that declares it. */
  private readonly home = new Map<string, string>();

  /**
   * Takes out of `bundle` (the snapshot whose namespace is `namespace`) every definition an older
   * namespace already declares the same, refers to them as `<namespace>.<Name>`, and returns the
   * bundle left and those names (name → the namespace that declares it). Call once per snapshot,
   * oldest first.
   */
  share(bundle: TypeBundle, namespace: string): { bundle: TypeBundle; shared: Map<string, string> } {
    const definitions = bundle.schema.definitions as Obj;
    const names = Object.keys(definitions);
    const own = new Map(names.map((n) => [n, sha256(JSON.stringify(definitions[n]))]));
    const edges = new Map(names.map((n) => [n, referencedNames(definitions[n], definitions)]));
    const key = (name: string) => {
      const reached = new Set([name]);
      const stack = [name];
      while (stack.length)
        for (const { name: next } of edges.get(stack.pop()!)!) {
          if (!reached.has(next)) (reached.add(next), stack.push(next));
        }
      const lines = [...reached].map((n) => `${n}\u0000${own.get(n)}`).sort(compareStrings);
      return sha256(`${name}\n${lines.join('\n')}`);
    };
    const keys = new Map(names.map((n) => [n, key(n)]));
    const shared = new Map<string, string>();
    for (const n of names) {
      const home = this.home.get(keys.get(n)!);
      if (home !== undefined) shared.set(n, home);
    }
    // A pointer into a definition (`#/definitions/Foo/properties/bar`) has no TypeScript name:
    // a definition one points into stays declared here.
    for (let changed = true; changed;) {
      changed = false;
      for (const n of names)
        if (!shared.has(n))
          for (const { name, rest } of edges.get(n)!) if (rest !== '' && shared.delete(name)) changed = true;
    }
    for (const n of names) if (!shared.has(n) && !this.home.has(keys.get(n)!)) this.home.set(keys.get(n)!, namespace);

    const qualified = (name: string) => `${shared.get(name)}.${name}`;
    const kept: Obj = {};
    for (const n of names) {
      if (shared.has(n)) continue;
      kept[n] = mapSchema(definitions[n], (node) => {
        const ref = bundleRef(node.$ref);
        if (ref && ref.rest === '' && shared.has(ref.name)) {
          const { $ref: _drop, ...siblings } = node;
          return { ...siblings, tsType: qualified(ref.name) };
        }
        if (typeof node.tsType === 'string' && shared.has(node.tsType))
          return { ...node, tsType: qualified(node.tsType) };
        return node;
      });
    }
    const anyOf = (bundle.schema.anyOf as Obj[]).filter((m) => !shared.has(bundleRef(m.$ref)?.name ?? ''));
    return { bundle: { ...bundle, schema: { ...bundle.schema, anyOf, definitions: kept } }, shared };
  }
}
