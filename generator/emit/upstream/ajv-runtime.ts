// Ajv's standalone code still loads small helpers with `require("ajv/dist/runtime/...")`, even
// with `code.esm` (a `require` that does not exist in an ES module). The generated module must
// run without ajv installed, so each helper is replaced by an inlined equivalent here.
import { EventmapError } from '../../shared/diagnostics.ts';

const INLINED: Record<string, { name: string; source: string }> = {
  // Code-point length for minLength/maxLength, as JSON Schema counts (Ajv's ucs2length).
  'ajv/dist/runtime/ucs2length': {
    name: 'eventmapUcs2length',
    source: 'function eventmapUcs2length(str) { let n = 0; for (const _ of str) n++; return n; }',
  },
  // Deep equality for enum/const/uniqueItems (Ajv's fast-deep-equal). Messages come from
  // JSON.parse, so plain objects, arrays and primitives are all there is to compare.
  'ajv/dist/runtime/equal': {
    name: 'eventmapEqual',
    source: [
      'function eventmapEqual(a, b) {',
      '  if (a === b) return true;',
      '  if (!a || !b || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return false;',
      '  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => eventmapEqual(v, b[i]));',
      '  const keys = Object.keys(a);',
      '  return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && eventmapEqual(a[k], b[k]));',
      '}',
    ].join('\n'),
  },
};

const RUNTIME_REQUIRE = /require\("([^"]+)"\)(?:\.default)?/g;

/** The module with every runtime `require` replaced, and the helpers it needs prepended. */
export function inlineAjvRuntime(code: string): string {
  const used = new Set<string>();
  const replaced = code.replace(RUNTIME_REQUIRE, (_m, mod: string) => {
    const helper = INLINED[mod];
    if (!helper) {
      throw new EventmapError({
        code: 'emit/ajv-runtime-import',
        message: `the standalone validators need \`${mod}\` at run time, which eventmap does not inline`,
        hint: 'add an inlined equivalent to generator/emit/upstream/ajv-runtime.ts, or avoid the schema keyword that needs it',
      });
    }
    used.add(mod);
    return helper.name;
  });
  const helpers = Object.keys(INLINED)
    .filter((mod) => used.has(mod))
    .map((mod) => INLINED[mod]!.source);
  return helpers.length ? `${helpers.join('\n')}\n${replaced}` : replaced;
}
