// The README's tracing example compiles, strict, against the sources its imports are built from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');

it('the README example of "Trace a session (OpenTelemetry)" type-checks', () => {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const start = readme.indexOf('## Trace a session (OpenTelemetry)');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const code = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
  const file = join(REPO, 'test', 'otel', 'readme-example.ts');
  const text = [
    code
      .replace("'@eventmap/runtime/otel'", "'../../runtime/otel/index.ts'")
      .replace("'@eventmap/runtime/claude-agent-sdk'", "'../../runtime/entries/claude-agent-sdk.ts'"),
    // What the example leaves to the app.
    "declare const sdkMessages: Parameters<ReturnType<typeof createNormalizer>['push']>[0][];",
    "declare const storedEvents: import('../../generated/canonical/types.ts').ProviderRuntimeEvent[];",
  ].join('\n');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(REPO, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, text, version) : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram({ rootNames: [file], options: config.options, host });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(diagnostics).toEqual([]);
  expect(code).toContain("from '@eventmap/runtime/otel'");
});
