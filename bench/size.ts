// Size of what an app ships: runtime/ + generated/<source>/mappers.ts + the canonical validator,
// bundled and minified by esbuild (a devDependency), raw and gzipped; and each source's
// opt-in upstream-validators.js, raw and gzipped as written and minified.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface SizeResult {
  runtimeBundle: { raw: number; gzip: number; largestInputs: { file: string; bytes: number }[] };
  upstreamValidators: Record<string, { raw: number; gzip: number; minified: number; minifiedGzip: number }>;
}

const gz = (b: Uint8Array | string) => gzipSync(b, { level: 9 }).length;

export async function benchSize(root: string, sources: string[]): Promise<SizeResult> {
  const esbuild = await import('esbuild');
  const entry = [
    "export { createNormalizer } from './runtime/index.ts';",
    "export { validateProviderRuntimeEvent } from './generated/canonical/validate.js';",
  ].join('\n');
  const built = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]!.contents;
  const output = Object.values(built.metafile.outputs)[0]!;
  const largestInputs = Object.entries(output.inputs)
    .map(([file, i]) => ({ file, bytes: i.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6);

  const upstreamValidators: SizeResult['upstreamValidators'] = {};
  for (const source of sources) {
    const file = join(root, 'generated', source, 'upstream-validators.js');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const min = (await esbuild.transform(text, { minify: true, format: 'esm', loader: 'js', target: 'node20' })).code;
    upstreamValidators[source] = {
      raw: Buffer.byteLength(text),
      gzip: gz(text),
      minified: Buffer.byteLength(min),
      minifiedGzip: gz(min),
    };
  }
  return { runtimeBundle: { raw: code.length, gzip: gz(code), largestInputs }, upstreamValidators };
}
