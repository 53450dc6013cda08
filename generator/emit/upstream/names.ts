// Type names in <source>/upstream-types.ts, chosen here rather than left to
// json-schema-to-typescript (which numbers clashes: Foo1, Foo2): per kind a map from discriminant
// to message type (`NotificationByName`) and to the client's answer (`RequestResponseByName`), one
// alias per discriminant (`NotificationItemStarted`, `…Response`), and per snapshot a namespace
// (`v0_171_0.ThreadItem`). Mapper code goes through the maps, the stable way in: only a name that
// clashes after PascalCasing gets a `_2` suffix.

import { capIdentifier } from '../emission.ts';

/** Identifier-safe PascalCase, mirroring json-schema-to-typescript's toSafeString so it keeps our names as they are. */
export function pascalCase(raw: string): string {
  const words = raw.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = capIdentifier(words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(''));
  // toSafeString upper-cases a letter that follows digits; do it first so the name is a fixed point.
  const name = joined.replace(/(\d)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());
  if (name === '') return 'Unnamed';
  return /^\d/.test(name) ? `T${name}` : name;
}

export const MESSAGE_BY_KIND = 'MessageByKind';

export function kindMapTypeName(kind: string): string {
  return `${pascalCase(kind)}ByName`;
}

export function messageTypeName(kind: string, name: string): string {
  return `${pascalCase(kind)}${pascalCase(name)}`;
}

export function versionNamespace(version: string): string {
  return `v${version.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** Hands out unique names in one scope: the first claim keeps its name, later clashes get `_2`, `_3`, ... */
export class NameScope {
  private readonly used = new Set<string>();

  claim(base: string): string {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}_${n}`;
    this.used.add(name);
    return name;
  }
}

/** Per kind, discriminant → the client's answer to that request (RequestResponseByName, PermissionResponseByName). */
export function responseMapTypeName(kind: string): string {
  return `${pascalCase(kind)}ResponseByName`;
}

/** The answer to one request (RequestItemCommandExecutionRequestApprovalResponse). */
export function responseTypeName(kind: string, name: string): string {
  return `${messageTypeName(kind, name)}Response`;
}
