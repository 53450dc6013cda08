// Handlebars templates compiled once per process and text: an emitter that renders the same
// template for every source (the mappers) compiles it once, not once per source.
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';

const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** The template in `file`, compiled with eventmap's options (no HTML escaping, strict lookups). */
export function compiledTemplate(file: string): Handlebars.TemplateDelegate {
  const text = readFileSync(file, 'utf8');
  const key = `${file}\0${text}`;
  let template = compiled.get(key);
  if (!template) {
    // An isolated environment: no other emitter's helpers or partials.
    template = Handlebars.create().compile(text, { noEscape: true, strict: true });
    compiled.set(key, template);
  }
  return template;
}
