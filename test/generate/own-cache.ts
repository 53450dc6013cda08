// A temp project (../security/hostile-project.ts) with an emit cache folder of its own, both fresh
// for each test of the file that calls it: what the cache tests need.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { PipelineOptions } from '../../generator/pipeline/pipeline.ts';
import { generate, hostileProject, type HostileProject } from '../security/hostile-project.ts';

export interface OwnCache {
  project(): HostileProject;
  /** The cache folder (EVENTMAP_CACHE_DIR while the test runs). */
  dir(): string;
  /** Generate in the project: the files, written to its generated/ (an error if it is refused). */
  files(options?: PipelineOptions): Promise<Map<string, string>>;
}

export function projectWithOwnCache(sources: readonly string[]): OwnCache {
  let p: HostileProject | undefined;
  let dir: string | undefined;
  const saved = process.env.EVENTMAP_CACHE_DIR;
  beforeEach(() => {
    p = hostileProject(sources);
    dir = mkdtempSync(join(tmpdir(), 'eventmap-cache-'));
    process.env.EVENTMAP_CACHE_DIR = dir;
  });
  afterEach(() => {
    p?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.EVENTMAP_CACHE_DIR;
    else process.env.EVENTMAP_CACHE_DIR = saved;
  });
  return {
    project: () => p!,
    dir: () => dir!,
    async files(options = {}) {
      const o = await generate(p!, options);
      if (o.kind !== 'generated') throw new Error(JSON.stringify(o.diagnostics));
      return o.files;
    },
  };
}
