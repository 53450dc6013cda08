// A bump, built at test time from the newest codex-app-server snapshot mapping-spec.yaml supports
// (no copy is committed): the same snapshot with one new notification, one removed field that the
// spec reads (turn/plan/updated `$.params.explanation`) and one new ThreadItem type, as the next
// minor version.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll } from 'vitest';
import { parse } from 'yaml';
import { HELPER_MANIFEST, type HelperManifest } from '../../runtime/helpers/manifest.ts';
import { loadInputs, type Inputs } from '../../generator/pipeline/pipeline.ts';
import { projectPaths } from '../../generator/project/paths.ts';

export const REPO = join(import.meta.dirname, '..', '..');
const supported = (
  parse(readFileSync(join(REPO, 'mapping-spec.yaml'), 'utf8')) as { sources: Record<string, { snapshots: string[] }> }
).sources['codex-app-server']!.snapshots;
export const BASE = [...supported].sort(semver.compare).pop()!;
export const NEXT = semver.inc(BASE, 'minor')!;
export const NEW_NOTIFICATION = 'thread/pinned';
export const NEW_ITEM = 'webFetch';
export const REMOVED = { method: 'turn/plan/updated', path: '$.params.explanation' };

type Schema = {
  oneOf: unknown[];
  definitions: Record<string, { properties: Record<string, unknown>; oneOf: unknown[] }>;
};

/** Writes the bumped snapshot into `dir` (created when missing) with provenance version `version`; returns dir. */
export function buildBump(dir: string = mkdtempSync(join(tmpdir(), 'eventmap-bump-')), version = NEXT): string {
  cpSync(join(REPO, 'upstream-schemas', 'codex-app-server', BASE), dir, { recursive: true });
  const file = join(dir, 'ServerNotification.json');
  const text = readFileSync(file, 'utf8');
  // The one assumption about a future release: it lacks these. Say so when one has them.
  for (const name of [NEW_NOTIFICATION, NEW_ITEM])
    if (text.includes(`"${name}"`))
      throw new Error(
        `codex-app-server@${BASE} already has \`${name}\`: pick another new name (test/suggest/bump-fixture.ts)`,
      );
  const doc = JSON.parse(text) as Schema;
  doc.definitions.ThreadPinnedNotification = {
    type: 'object',
    required: ['threadId', 'pinned'],
    properties: { threadId: { type: 'string' }, pinned: { type: 'boolean' } },
  } as never;
  doc.oneOf.push({
    type: 'object',
    required: ['method', 'params'],
    properties: {
      method: { type: 'string', enum: [NEW_NOTIFICATION] },
      params: { $ref: '#/definitions/ThreadPinnedNotification' },
    },
  });
  delete doc.definitions.TurnPlanUpdatedNotification!.properties.explanation;
  doc.definitions.ThreadItem!.oneOf.push({
    type: 'object',
    required: ['id', 'type', 'url'],
    properties: { id: { type: 'string' }, type: { type: 'string', enum: [NEW_ITEM] }, url: { type: 'string' } },
  });
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const provenance = join(dir, 'provenance.json');
  writeFileSync(
    provenance,
    JSON.stringify({ ...(JSON.parse(readFileSync(provenance, 'utf8')) as object), version }, null, 2),
  );
  return dir;
}

/** For in-process tests: the repository's inputs, loaded once, and a bump folder removed at the end. */
export function useRepoAndBump(): { inputs: () => Inputs; bump: () => string; helpers: HelperManifest } {
  let inputs: Inputs | undefined;
  let bump: string | undefined;
  beforeAll(() => {
    inputs = loadInputs(projectPaths(REPO));
    bump = buildBump();
  });
  afterAll(() => rmSync(bump!, { recursive: true, force: true }));
  return { inputs: () => inputs!, bump: () => bump!, helpers: HELPER_MANIFEST };
}
