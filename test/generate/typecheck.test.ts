// Generated code compiles under tsc --strict (with noUnusedLocals: it imports only what it uses) and uses no `any`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');

describe('generated code', () => {
  it('passes tsc --strict --noEmit with the rest of the project', () => {
    const r = spawnSync(
      process.execPath,
      [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', join(REPO, 'tsconfig.json'), '--noEmit'],
      { encoding: 'utf8' },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

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
