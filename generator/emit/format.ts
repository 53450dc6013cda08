// Generated TypeScript is Prettier-formatted (the repository's style: 120 columns, single quotes,
// trailing commas), so it reads like the rest of the code and `prettier --check` passes on it.
// Prettier loads only when something is formatted, and formatted text is cached by its input's
// hash (../io/cache.ts): mappers per top-level chunk, so a one-entry spec edit formats one function.
// Ajv's standalone JavaScript is left as Ajv prints it (docs/decisions.md).
import { createRequire } from 'node:module';
import { sha256 } from '../io/fsutil.ts';
import type { Plugin } from 'prettier';
import type { EmitCache } from '../io/cache.ts';
import { cacheKey } from '../io/cache.ts';

/**
 * The repository's .prettierrc.json, fixed here so output does not depend on the project's config.
 * Parsed by Babel's TypeScript parser: the same output as Prettier's default `typescript` parser on
 * everything eventmap emits (`npm run format:check` checks generated/ with the default), in ~60% of the time.
 */
const OPTIONS = { parser: 'babel-ts', printWidth: 120, singleQuote: true, trailingComma: 'all' } as const;

const VERSION = (createRequire(import.meta.url)('prettier/package.json') as { version: string }).version;

/** Part of every cache key whose entry holds formatted text: another Prettier formats differently. */
export const FORMAT_ID = `prettier ${VERSION} ${JSON.stringify(OPTIONS)}`;

let loading: Promise<[typeof import('prettier/standalone'), ...Plugin[]]> | undefined;

/** The file formatted as a whole. */
export async function formatTs(text: string): Promise<string> {
  loading ??= Promise.all([
    import('prettier/standalone'),
    import('prettier/plugins/babel'),
    import('prettier/plugins/estree'),
  ]);
  const [prettier, ...plugins] = await loading;
  return prettier.format(text, { ...OPTIONS, plugins });
}

/** Every TypeScript file of an emitter's output formatted as a whole (the rest as it is). */
export async function formatFiles(files: Map<string, string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [path, text] of files) out.set(path, path.endsWith('.ts') ? await formatTs(text) : text);
  return out;
}

/**
 * A file whose top-level items the template separates by blank lines (and which has no blank line
 * inside an item: the mappers), formatted item by item, each cached by its content. Prettier keeps
 * one blank line between top-level statements, so the joined result is the whole file formatted.
 */
export async function formatChunks(text: string, cache: EmitCache): Promise<string> {
  const chunks = text.split(/\n{2,}/).filter((c) => c.trim() !== '');
  const formatted = await Promise.all(
    chunks.map(async (chunk) => {
      const key = cacheKey(['prettier', FORMAT_ID, sha256(chunk)]);
      const files = await cache.files(key, async () => new Map([['chunk', await formatTs(chunk)]]));
      return files.get('chunk')!.trimEnd();
    }),
  );
  return `${formatted.join('\n\n')}\n`;
}
