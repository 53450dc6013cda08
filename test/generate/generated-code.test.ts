// Generated code uses no `any` and reads upstream values by typed access. That it compiles under
// tsc --strict with the rest of the project is `npm run typecheck`, a step of `npm test` and `.ci/run`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');

describe('generated code', () => {
  it('has no `any` in the generated TypeScript', () => {
    const dirs = readdirSync(join(REPO, 'generated'), { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(dirs.length).toBeGreaterThan(1);
    for (const { name: dir } of dirs) {
      for (const f of readdirSync(join(REPO, 'generated', dir)).filter((n) => n.endsWith('.ts'))) {
        const code = readFileSync(join(REPO, 'generated', dir, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        expect(code, f).not.toMatch(/[:<,(|&]\s*any\b/);
      }
    }
  });

  it('reads upstream values by typed property access and emits typed payloads', () => {
    const sources = readdirSync(join(REPO, 'generated'), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && d.name !== 'canonical',
    );
    expect(sources.length).toBeGreaterThan(0);
    for (const { name } of sources) {
      const code = readFileSync(join(REPO, 'generated', name, 'mappers.ts'), 'utf8');
      expect(code, name).not.toMatch(/\bget\(m\b/); // no string-path reads
      expect(code, name).not.toMatch(/\bids0\b|\bvoid \[/); // no ids0 blocks, no import keeper
      expect(code, name).toMatch(/m: Across<\w+\['[^']+'\]>/);
      expect(code, name).toMatch(/const ids: MapperIds = /);
    }
  });
});
