// One output layer (issue 29): what eventmap prints goes through generator/output/. Only the
// layer's streams.ts and the CLI wiring write to stdout or stderr; every command prints through
// the layer; reports for tools are written by jsonOutput, which escapes what a terminal acts on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const generator = readdirSync(path.join(root, 'generator'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
const text = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The CLI wiring: commander's own help and errors. */
const WIRING = ['generator/cli/main.ts', 'generator/cli/run.ts', 'generator/output/streams.ts'];

describe('the output layer', () => {
  it('is the only writer to stdout and stderr', () => {
    expect(generator).toContain('generator/output/streams.ts');
    const writers = generator.filter(
      (f) => !WIRING.includes(f) && /process\.(stdout|stderr)\.write\(|console\.(log|error|warn|info)\(/.test(text(f)),
    );
    expect(writers).toEqual([]);
  });

  it('is what every command prints through', () => {
    const commands = generator.filter(
      (f) => f.startsWith('generator/commands/') && /\.action\(/.test(text(f)) && !f.endsWith('/upstream-option.ts'),
    );
    expect(commands.length).toBeGreaterThanOrEqual(8);
    for (const f of commands) expect(text(f), f).toMatch(/from '\.\.\/output\/streams\.ts'/);
  });

  it('writes every JSON report (and coverage.json) with jsonOutput, not stableJson', () => {
    const printers = generator.filter((f) =>
      /^generator\/(commands|check\/format|diff\/format|census\/format|suggest\/format|output\/failure|emit\/coverage)/.test(
        f,
      ),
    );
    for (const f of printers) expect(text(f), f).not.toMatch(/\bstableJson\(/);
  });
});
