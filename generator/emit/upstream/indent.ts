// json-schema-to-typescript with `format: false` (Prettier is its slow part) writes every line
// flush left. Re-indenting by bracket depth is cheap and makes the generated types readable;
// only leading whitespace changes.

const OPEN = '{([';
const CLOSE = '})]';

/** `code` indented by bracket depth, every line prefixed with `base`. */
export function indentByDepth(code: string, base: string): string {
  let depth = 0;
  const out: string[] = [];
  for (const line of code.split('\n')) {
    const text = line.trim();
    if (text === '') {
      out.push('');
      continue;
    }
    const pad = (n: number) => base + '  '.repeat(Math.max(n, 0));
    // JSDoc lines (`/**`, ` * ...`, ` */`) carry no code: keep them aligned with the next line.
    if (text.startsWith('/*') || text.startsWith('*')) {
      out.push(pad(depth) + (text.startsWith('*') ? ` ${text}` : text));
      continue;
    }
    const { net, leadingClose } = scan(text);
    out.push(pad(depth - leadingClose) + text);
    depth += net;
  }
  return out.join('\n');
}

/** Net bracket depth change of a code line (outside string literals) and how many brackets it starts by closing. */
function scan(text: string): { net: number; leadingClose: number } {
  let net = 0;
  let leadingClose = 0;
  let leading = true;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (OPEN.includes(c)) net++;
    else if (CLOSE.includes(c)) {
      net--;
      if (leading) leadingClose++;
      continue;
    }
    if (c !== ' ') leading = false;
  }
  return { net, leadingClose };
}
