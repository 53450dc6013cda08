// `surface.json`: what a TypeScript-sourced snapshot (claude-agent-sdk, codex-sdk) exposes, as
// written by the ingester next to its JSON Schema document. The schema holds the shapes; this file
// says which definitions are the unions to dispatch on, which tool each input type belongs to, and
// which names the declarations use without declaring. Reading it is checked: a damaged file is an
// EventmapError at the offending pointer.
import { joinPointer } from '../schema/pointer.ts';
import { SURFACE, type Surface } from '../upstream/surface-format.ts';
import type { EntryKind } from './types.ts';
import type { SnapshotReader } from './snapshot-files.ts';
import { isObj, type Obj } from '../schema/object.ts';

/** Read and shape-check surface.json. */
export function readSurface(reader: SnapshotReader): Surface {
  const doc = reader.read(SURFACE, 'data');
  const fail = (pointer: string, what: string): never => {
    throw reader.error(
      SURFACE,
      pointer,
      'snapshot/bad-surface',
      `surface.json: ${what}`,
      'restore the file from the snapshot, or re-create the snapshot with `eventmap upstream add`',
    );
  };
  const str = (o: Obj, key: string, at: string): string =>
    typeof o[key] === 'string' ? (o[key] as string) : fail(joinPointer(at, key), `\`${key}\` must be a string`);
  const array = <T>(o: Obj, key: string, at: string, is: (v: unknown) => v is T, what: string): T[] => {
    const v = o[key];
    return Array.isArray(v) && v.every(is) ? v : fail(joinPointer(at, key), `\`${key}\` must be an array of ${what}`);
  };
  const list = (o: Obj, key: string, at: string) => array(o, key, at, isObj, 'objects');
  const isString = (v: unknown): v is string => typeof v === 'string';
  const strings = (o: Obj, key: string, at: string) =>
    o[key] === undefined ? undefined : array(o, key, at, isString, 'strings');
  if (!isObj(doc)) return fail('', 'not an object');
  const declarations = array(doc, 'declarations', '', isString, 'strings');
  const surface: Surface = {
    schema: str(doc, 'schema', ''),
    declarations,
    unions: list(doc, 'unions', '').map((u, i) => {
      const at = joinPointer('', 'unions', i);
      const members = strings(u, 'members', at);
      return {
        kind: str(u, 'kind', at) as EntryKind,
        type: str(u, 'type', at),
        pointer: str(u, 'pointer', at),
        discriminant: str(u, 'discriminant', at),
        ...(u.subDiscriminant !== undefined ? { subDiscriminant: str(u, 'subDiscriminant', at) } : {}),
        ...(members !== undefined ? { members } : {}),
      };
    }),
    unresolved: list(doc, 'unresolved', '').map((u, i) => {
      const at = joinPointer('', 'unresolved', i);
      return {
        name: str(u, 'name', at),
        file: str(u, 'file', at),
        line: typeof u.line === 'number' ? u.line : fail(joinPointer(at, 'line'), '`line` must be a number'),
      };
    }),
    opaque: list(doc, 'opaque', '').map((o, i) => ({
      name: str(o, 'name', joinPointer('', 'opaque', i)),
      from: str(o, 'from', joinPointer('', 'opaque', i)),
    })),
  };
  if (doc.tools !== undefined) {
    surface.tools = list(doc, 'tools', '').map((t, i) => {
      const at = joinPointer('', 'tools', i);
      return {
        name: str(t, 'name', at),
        ...(t.inputType !== undefined ? { inputType: str(t, 'inputType', at) } : {}),
        nameSource: str(t, 'nameSource', at),
        pointer: str(t, 'pointer', at),
      };
    });
  }
  if (doc.permission !== undefined) {
    const p = isObj(doc.permission) ? doc.permission : fail('/permission', '`permission` must be an object');
    surface.permission = {
      name: str(p, 'name', '/permission'),
      type: str(p, 'type', '/permission'),
      pointer: str(p, 'pointer', '/permission'),
      parameters: list(p, 'parameters', '/permission').map((q, i) => {
        const at = joinPointer('/permission', 'parameters', i);
        const keys = strings(q, 'keys', at);
        return {
          name: str(q, 'name', at),
          optional: q.optional === true,
          ...(keys !== undefined ? { keys } : {}),
        };
      }),
      // Both or neither: a snapshot that names no answer type leaves `response:` untyped (catalog note).
      ...(p.resultType !== undefined || p.resultPointer !== undefined
        ? { resultType: str(p, 'resultType', '/permission'), resultPointer: str(p, 'resultPointer', '/permission') }
        : {}),
    };
  }
  return surface;
}
