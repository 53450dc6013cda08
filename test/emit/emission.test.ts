// The emission layer on its own: what each function lets through, and what it refuses.
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import {
  capIdentifier,
  comment,
  commentText,
  docComment,
  ident,
  isSafeIdentifier,
  lit,
  propKey,
  quotedKey,
  render,
  ts,
} from '../../generator/emit/emission.ts';
import { mdCell, mdCode } from '../../generator/output/markdown.ts';

describe('emission layer', () => {
  it('lit: JSON with the two JS line terminators escaped, in either quote', () => {
    expect(String(lit('a\u2028b\u2029"c'))).toBe('"a\\u2028b\\u2029\\"c"');
    expect(String(lit(`it's "x"`, "'"))).toBe(`'it\\'s "x"'`);
    expect(String(lit(['a', 1, null, { k: true }]))).toBe('["a",1,null,{"k":true}]');
    for (const s of ['\\"', "\\'", '\\', '\n\r\t', '\u0000', '</script>']) {
      expect(new Function(`return ${lit(s, "'")};`)()).toBe(s);
      expect(new Function(`return ${lit(s)};`)()).toBe(s);
    }
  });

  it('comment text: one line, no comment end, no control or bidi characters', () => {
    expect(commentText('a */ b\nc\u2028d\r\ne\u0000f\u202eg')).toBe('a *\\/ b c d e f g');
    expect(String(comment('x\ny'))).toBe('// x y');
    expect(String(docComment('ends */ here'))).toBe('/** ends *\\/ here */\n');
    expect(String(docComment(undefined))).toBe('');
  });

  it('identifiers: validated, never mangled silently', () => {
    for (const bad of ['a b', '1a', 'x-y', 'constructor', '__proto__', 'class', 'a\u2028', '', 'x'.repeat(201)]) {
      expect(isSafeIdentifier(bad), bad).toBe(false);
      expect(() => ident(bad)).toThrow(/unsafe-identifier|refusing/);
    }
    expect(String(ident('mapTurnCompleted'))).toBe('mapTurnCompleted');
    expect(capIdentifier('A'.repeat(100))).toMatch(/^A{64}H[0-9A-Z]+$/);
    expect(capIdentifier('Short')).toBe('Short');
  });

  it('keys: __proto__ is computed so it stays a key', () => {
    expect(String(quotedKey('__proto__'))).toBe('["__proto__"]');
    expect(String(propKey('ok'))).toBe('ok');
    expect(String(propKey('a-b'))).toBe('"a-b"');
    const o = new Function(`return { ${quotedKey('__proto__')}: 1 };`)();
    expect(Object.hasOwn(o, '__proto__')).toBe(true);
  });

  it('ts``: takes only Code and finite numbers', () => {
    expect(String(ts`const ${ident('x')} = ${lit('y')} + ${2};`)).toBe('const x = "y" + 2;');
    expect(() => ts`${'raw' as never}`).toThrow(/Code was expected/);
    expect(() => ts`${Number.NaN}`).toThrow();
  });

  it('render: a template view may hold only Code and booleans', () => {
    const t = Handlebars.compile('{{{a}}}{{#if b}}!{{/if}}', { noEscape: true, strict: true });
    expect(render(t, { a: lit('x'), b: true })).toBe('"x"!');
    expect(() => render(t, { a: 'raw string', b: false })).toThrow(/not Code/);
    expect(() => render(t, { a: [{ nested: 3 }], b: false })).toThrow(/not Code/);
  });

  it('markdown cells: one line, escaped pipes, unclosable code spans', () => {
    expect(mdCell('a|b\nc')).toBe('a\\|b c');
    expect(mdCode('x`y')).toBe('``x`y``');
    expect(mdCode('`x')).toBe('`` `x ``');
  });
});
