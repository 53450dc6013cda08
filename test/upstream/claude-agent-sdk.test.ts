// The claude-agent-sdk ingester, offline: the real sdk.d.ts / sdk-tools.d.ts with stand-ins for
// what they import (see fake-scratch.ts). Checks what the ingester decides, not @anthropic-ai/sdk.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Surface } from '../../generator/upstream/surface-format.ts';
import { readTree } from '../../generator/io/fsutil.ts';
import { ingestClaudeAgentSdk } from '../../generator/upstream/claude-agent-sdk.ts';
import { catalogOf, snapshotDir, tempDir } from '../catalog/helpers.ts';
import { fakeClaudeAgentSdkScratch } from './fake-scratch.ts';

function ingest(version: string): { out: string; command: string } {
  const out = join(tempDir('eventmap-out-'), version);
  const { command } = ingestClaudeAgentSdk.ingest(fakeClaudeAgentSdkScratch(version), out, dirname(out));
  return { out, command };
}

describe('ingestClaudeAgentSdk', () => {
  it('keeps optional dependencies: the native CLI (0.3.x) is where tool names are confirmed', () => {
    expect(ingestClaudeAgentSdk.npmInstallArgs).not.toContain('--omit=optional');
  });

  describe.each(['0.2.62', '0.3.332'])('on the %s declarations', (version) => {
    let out = '';
    let command = '';
    let surface: Surface;
    const vendored = JSON.parse(
      readFileSync(join(snapshotDir('claude-agent-sdk', version), 'surface.json'), 'utf8'),
    ) as Surface;
    beforeAll(() => {
      ({ out, command } = ingest(version));
      surface = JSON.parse(readFileSync(join(out, 'surface.json'), 'utf8')) as Surface;
    });

    it('finds the same union members, undeclared names and canUseTool parameters as the vendored snapshot', () => {
      expect(surface.unions.map((u) => [u.kind, u.pointer, u.members])).toEqual(
        vendored.unions.map((u) => [u.kind, u.pointer, u.members]),
      );
      expect(surface.unresolved).toEqual(vendored.unresolved);
      expect(surface.permission).toEqual(vendored.permission);
      // Names and where they came from too: the fake scratch ships real excerpts of the CLI.
      expect(surface.tools).toEqual(vendored.tools);
    });

    it('catalogs the same SDKMessage discriminants', () => {
      const names = (dir?: string) =>
        catalogOf('claude-agent-sdk', version, dir)
          .entries.filter((e) => e.kind === 'sdk-message')
          .map((e) => `${e.name}${e.unresolved ? '?' : ''}`);
      expect(names(out)).toEqual(names());
    });

    it('needs no install when every import resolves, and says what it ran', () => {
      expect(command).not.toContain('--before');
      expect(command).toContain(`@anthropic-ai/claude-agent-sdk@${version}`);
    });

    it('is deterministic', () => {
      expect(readTree(ingest(version).out)).toEqual(readTree(out));
    });
  });
});
