// `eventmap view`'s page: one self-contained HTML file. The style and the script are inlined from
// templates/view/; the data goes in a JSON <script> block, escaped so that nothing in it can close
// the block or start markup; a Content-Security-Policy forbids every load (no network, no file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../project/paths.ts';
import type { ViewData } from './data.ts';

const asset = (name: string) => readFileSync(join(PACKAGE_ROOT, 'templates', 'view', name), 'utf8');

/** JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the JS line separators escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The script and style text must not close their own element. */
function inline(text: string, tag: 'script' | 'style'): string {
  if (text.toLowerCase().includes(`</${tag}`)) throw new Error(`templates/view: the ${tag} contains </${tag}`);
  return text;
}

export function renderPage(data: ViewData): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>eventmap view</title>',
    `<style>\n${inline(asset('page.css'), 'style')}</style>`,
    '</head>',
    '<body>',
    `<script type="application/json" id="view-data">${scriptJson(data)}</script>`,
    `<script>\n${inline(asset('page.js'), 'script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
