// The field-path convention of fields.ts (as in mapping-spec paths, `$` is the message): `.name` a
// property, `[]` any array element, `.*` any value of a map, `["odd name"]` a name that is not a
// plain identifier.

/** The path of a property below `parent`. */
export function childPath(parent: string, name: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(name) ? `${parent}.${name}` : `${parent}[${JSON.stringify(name)}]`;
}

const LAST_SEGMENT = /(\.[A-Za-z_$][\w$-]*|\[\]|\.\*|\["(?:[^"\\]|\\.)*"\])$/;

/** The path one level up (`$.a.b[]` → `$.a.b`), undefined for `$`. */
export function parentPath(path: string): string | undefined {
  const m = LAST_SEGMENT.exec(path);
  return m ? path.slice(0, m.index) : undefined;
}

/** True when `path` lies strictly below `ancestor`. */
export function isBelow(path: string, ancestor: string): boolean {
  return (
    path.length > ancestor.length &&
    path.startsWith(ancestor) &&
    (path[ancestor.length] === '.' || path[ancestor.length] === '[')
  );
}
