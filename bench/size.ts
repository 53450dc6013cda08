// Size of what an app ships: runtime/ + generated/<source>/mappers.ts + the canonical validator,
// bundled for the browser and minified by esbuild (a devDependency), raw and gzipped, for every
// source at once (the package root) and for each source's own entry point; and the OpenTelemetry
// export (runtime/otel), @opentelemetry/api left out as the app's own.
import { gzipSync } from 'node:zlib';

export interface SizeResult {
  runtimeBundle: { raw: number; gzip: number };
  /** An app that imports one source's entry point (runtime/entries/<source>.ts) and the validator. */
  perSource: Record<string, { raw: number; gzip: number; otherSources: string[] }>;
  /** @eventmap/runtime/otel alone, without @opentelemetry/api (an optional peer the app installs). */
  otel: { raw: number; gzip: number };
}

const gz = (b: Uint8Array | string) => gzipSync(b, { level: 9 }).length;

export async function benchSize(root: string, sources: string[]): Promise<SizeResult> {
  const esbuild = await import('esbuild');
  const bundle = (
    module: string,
    contents = [
      `export { createNormalizer } from '${module}';`,
      "export { validateProviderRuntimeEvent } from './generated/canonical/validate.js';",
    ].join('\n'),
  ) =>
    esbuild.build({
      stdin: {
        contents,
        resolveDir: root,
        loader: 'ts',
        sourcefile: 'bench-entry.ts',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true, // which sources an entry point bundled
      external: ['@opentelemetry/api'],
      logLevel: 'silent',
    });
  const built = await bundle('./runtime/index.ts');
  const code = built.outputFiles[0]!.contents;
  const perSource: SizeResult['perSource'] = {};
  for (const source of sources) {
    const one = await bundle(`./runtime/entries/${source}.ts`);
    const bytes = one.outputFiles[0]!.contents;
    const otherSources = sources.filter(
      (other) => other !== source && Object.keys(one.metafile.inputs).some((f) => f.startsWith(`generated/${other}/`)),
    );
    perSource[source] = { raw: bytes.length, gzip: gz(bytes), otherSources };
  }
  const otel = (await bundle('./runtime/otel/index.ts', "export { EventTracer } from './runtime/otel/index.ts';"))
    .outputFiles[0]!.contents;
  return { runtimeBundle: { raw: code.length, gzip: gz(code) }, perSource, otel: { raw: otel.length, gzip: gz(otel) } };
}
