// What a generated mapper's `m` is typed by, in <source>/upstream-types.ts: a message mapper by
// `<Kind>ByName[name]`, a response mapper by `<Kind>ResponseByName[name]` where every supported
// snapshot that has the request describes its answer (../upstream/responses.ts); else `Opaque`.
import type { Catalog } from '../../catalog/types.ts';
import { MESSAGE_KINDS } from '../../mapping/coverage-status.ts';
import { compareStrings } from '../../io/fsutil.ts';
import { ident, lit, ts, type Code } from '../emission.ts';
import { ownMessages } from '../upstream/messages.ts';
import { kindMapTypeName, responseMapTypeName } from '../upstream/names.ts';
import { ownResponses } from '../upstream/responses.ts';

export interface MapperTyping {
  /** The type of a message of this discriminant, if upstream types declare it. */
  inputType: (kind: string, name: string) => Code | undefined;
  /** The type of the client's answer to this request, if upstream types declare it. */
  responseType: (kind: string, name: string) => Code | undefined;
  /** Type names to import from ./upstream-types.ts. */
  upstreamTypeImports: string[];
}

export function mapperTyping(catalogs: Catalog[]): MapperTyping {
  const kinds = [...new Set(catalogs.flatMap((c) => c.entries.map((e) => e.kind)))]
    .filter((k) => MESSAGE_KINDS.has(k))
    .sort(compareStrings);
  const answered = new Set(
    ownResponses(ownMessages(catalogs)).map((r) => `${r.message.entry.kind}\0${r.message.entry.name}`),
  );
  const responseKinds = [...new Set([...answered].map((k) => k.split('\0')[0]!))].sort(compareStrings);
  return {
    inputType: (kind, name) =>
      kinds.includes(kind as never) ? ts`${ident(kindMapTypeName(kind))}[${lit(name)}]` : undefined,
    responseType: (kind, name) =>
      answered.has(`${kind}\0${name}`) ? ts`${ident(responseMapTypeName(kind))}[${lit(name)}]` : undefined,
    upstreamTypeImports: [...kinds.map(kindMapTypeName), ...responseKinds.map(responseMapTypeName)].sort(
      compareStrings,
    ),
  };
}
