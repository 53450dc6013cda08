// Handlebars templates compiled once per process and text, in an environment of their own (no
// other emitter's helpers or partials): an emitter that renders the same template for every source
// (the mappers) compiles it once, not once per source. The installed
// package ships each template of templates/ precompiled beside it (packages/eventmap/build.ts), so
// the bundled CLI does not compile it at all; a checkout, or a template that differs from what was
// precompiled, compiles it here. Either way the same options, so the same output.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Handlebars from 'handlebars';
import { sha256 } from '../io/fsutil.ts';
import { PACKAGE_ROOT } from '../project/paths.ts';

/** No HTML escaping (views hold Code, ../emission.ts), and a missing name is an error. */
const OPTIONS = { noEscape: true, strict: true } as const;
const PRECOMPILED = '.precompiled.cjs';
const load = createRequire(import.meta.url);
// Loaded when used: the run-time half alone for a precompiled template, the compiler only to compile.
const handlebars = (part: 'handlebars' | 'handlebars/runtime') => load(part) as typeof Handlebars;
const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** templates/<name> (they ship with eventmap, not with a user's project), compiled with eventmap's options. */
export function compiledTemplate(name: string): Handlebars.TemplateDelegate {
  const file = join(PACKAGE_ROOT, 'templates', name);
  const text = readFileSync(file, 'utf8');
  const key = `${file}\0${text}`;
  let template = compiled.get(key);
  if (!template) {
    // An isolated environment: no other emitter's helpers or partials.
    template = precompiled(file, text) ?? handlebars('handlebars').create().compile(text, OPTIONS);
    compiled.set(key, template);
  }
  return template;
}

function precompiled(file: string, text: string): Handlebars.TemplateDelegate | undefined {
  try {
    const shipped = load(`${file}${PRECOMPILED}`) as { sha256?: unknown; spec?: unknown };
    if (shipped.sha256 !== sha256(text) || typeof shipped.spec !== 'object' || shipped.spec === null) return undefined;
    return handlebars('handlebars/runtime')
      .create()
      .template(shipped.spec as Parameters<typeof Handlebars.template>[0]);
  } catch {
    return undefined; // none shipped (a checkout), or from another Handlebars: compile instead
  }
}

/** For the package build: each `*.hbs` in `dir` and below, precompiled beside it. */
export function precompileTemplates(dir: string): void {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.hbs'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const spec = handlebars('handlebars').precompile(text, OPTIONS);
    writeFileSync(
      join(dir, `${name}${PRECOMPILED}`),
      `// Precompiled from ${name} by packages/eventmap/build.ts (generator/emit/template-memo.ts).\nmodule.exports = { sha256: ${JSON.stringify(sha256(text))}, spec: ${String(spec)} };\n`,
    );
  }
}
