// Which imports of a declaration file need an extra install (no network: only the no-op install runs).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  installMissing,
  packageForSpecifier,
  unresolvedImportPackages,
} from '../../generator/upstream/ts-extract/complete-imports.ts';
import { fakeClaudeAgentSdkScratch, fakeCodexSdkScratch } from './fake-scratch.ts';

describe('packageForSpecifier', () => {
  it.each([
    ['node:fs', '@types/node'],
    ['crypto', '@types/node'],
    ['fs/promises', '@types/node'],
    ['@anthropic-ai/sdk/resources/beta/messages/messages.mjs', '@anthropic-ai/sdk'],
    ['zod/v4', 'zod'],
    ['./sdk-tools.js', undefined],
  ])('%s → %s', (spec, pkg) => expect(packageForSpecifier(spec)).toBe(pkg));
});

describe('unresolvedImportPackages', () => {
  it('is empty when everything resolves', () => {
    const installed = fakeCodexSdkScratch();
    expect(
      unresolvedImportPackages(installed, [
        { file: join(installed.packageDir, 'dist/index.d.ts'), specs: ['@modelcontextprotocol/sdk/types.js'] },
      ]),
    ).toEqual([]);
  });

  it('names the packages whose imports do not resolve, Node built-ins as @types/node', () => {
    const installed = fakeClaudeAgentSdkScratch('0.2.62');
    rmSync(join(installed.scratch, 'node_modules/@anthropic-ai/sdk'), { recursive: true });
    rmSync(join(installed.scratch, 'node_modules/@types/node'), { recursive: true });
    const specs = ['@anthropic-ai/sdk/resources', '@modelcontextprotocol/sdk/types.js', 'crypto', 'zod/v4'];
    expect(unresolvedImportPackages(installed, [{ file: join(installed.packageDir, 'sdk.d.ts'), specs }])).toEqual([
      '@anthropic-ai/sdk',
      '@types/node',
    ]);
  });

  it('installs nothing (and asks the registry nothing) when nothing is missing', () => {
    expect(installMissing(fakeCodexSdkScratch(), '@openai/codex-sdk', '0.163.0', [])).toEqual({
      added: [],
      command: '',
    });
  });
});
